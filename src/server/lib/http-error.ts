import { errorCodes } from '../../shared/api/error';

/** Thrown by services for an expected refusal; the error plugin turns it into the API error shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  static badRequest(message: string, fields?: Record<string, string>) {
    return new HttpError(400, errorCodes.validation, message, fields);
  }

  static notFound(message: string) {
    return new HttpError(404, errorCodes.notFound, message);
  }

  static conflict(message: string) {
    return new HttpError(409, errorCodes.conflict, message);
  }

  static unavailable(message: string) {
    return new HttpError(503, errorCodes.unavailable, message);
  }
}
