import type { FastifyInstance } from 'fastify';
import { errorCodes, messages } from '#shared/api/error.ts';
import { hasUnsupportedCharacter, unsupportedCharacterMessage } from '#shared/api/text.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { findString, nestedDeeperThan } from '#server/lib/json-walk.ts';
import { registerNodeRefusals } from './framework-errors';

/** Deeper than any contract (a lead is 4 deep); a custom setting's value may nest a little more. */
export const maxJsonDepth = 32;

/** JSON nested deeper than `maxJsonDepth` is refused as it is parsed, before anything walks it. */
function limitJsonDepth(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Fastify's own parser (its typings allow a promise; it calls done synchronously)
    void parseJson(request, body.toString(), (err: Error | null, value?: unknown) => {
      if (err) return done(err, undefined);
      if (nestedDeeperThan(value, maxJsonDepth)) {
        return done(new HttpError(400, errorCodes.badRequest, messages.tooDeep), undefined);
      }
      done(null, value);
    });
  });
}

/**
 * Text the database cannot store (NUL, lone surrogates) is refused after validation wherever a
 * contract let it through untyped (a setting's free-form value, an object key, a path wildcard),
 * so no such string reaches a query. Contracts refuse it first, beside the field, with `text()`.
 */
function refuseUnsupportedText(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findString(part, hasUnsupportedCharacter);
      if (path) {
        const field = path.join('.') || 'request';
        throw HttpError.badRequest(messages.validation, { [field]: unsupportedCharacterMessage });
      }
    }
  });
}

/** The checks every request passes at the edge (issue 16). Register before any route. */
export function registerRequestChecks(app: FastifyInstance) {
  registerNodeRefusals(app);
  limitJsonDepth(app);
  refuseUnsupportedText(app);
}
