import { errorCodes, type ErrorCode } from '#shared/api/error.ts';

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

  static notFound(message: string, code: ErrorCode = errorCodes.notFound) {
    return new HttpError(404, code, message);
  }

  static conflict(message: string, code: ErrorCode = errorCodes.conflict) {
    return new HttpError(409, code, message);
  }

  /** A promo code the request may not use: its reason's code, the message on the promoCode field. */
  static promoRefused({ code, message }: { code: string; message: string }) {
    return new HttpError(400, code, message, { promoCode: message });
  }

  static unavailable(message: string) {
    return new HttpError(503, errorCodes.unavailable, message);
  }
}
