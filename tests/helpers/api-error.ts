import { expect } from 'vitest';

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/** The documented error shape (src/shared/api/error.ts): `{ error: { code, message, fields? } }`. */
export function isApiError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, fields } = error as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (fields === undefined || (typeof fields === 'object' && fields !== null))
  );
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A refusal with `status`, the documented shape and, when given, `field`'s message. */
export function expectRefusal(res: Answer, status: number, field?: [string, string]) {
  const body = parseJson(res.body);
  expect({ status: res.statusCode, shaped: isApiError(body) }, res.body).toEqual({
    status,
    shaped: true,
  });
  if (field) {
    expect((body as { error: { fields?: Record<string, string> } }).error.fields).toMatchObject({
      [field[0]]: field[1],
    });
  }
}
