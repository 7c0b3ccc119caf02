import type { FastifyInstance } from 'fastify';
import { badRequest } from './app-error.js';

/** NUL in a path, query or JSON text: PostgreSQL cannot store it in a text, SQLite cuts at it. */
const nulRefused = () => badRequest('invalidInput', { reason: 'a text holds a NUL character' });

/** A percent-encoded NUL in the URL (path or query). */
const encodedNul = /%00/;
/** JSON's escape of NUL (\u0000) that is not itself an escaped backslash followed by "u0000". */
const escapedNul = /(?<!\\)(?:\\\\)*\\u0000/;

/**
 * Refuses NUL characters in what a client sends, as invalid input, before any route reads it:
 * one check here instead of a 500 from PostgreSQL ("invalid byte sequence for encoding UTF8:
 * 0x00") in every route that looks a code up. JSON bodies are checked on their text, before
 * parsing (a string search, no walk of the parsed value); a raw NUL byte is already invalid JSON.
 * Runs after the access check: a caller without access still learns nothing about input rules.
 */
export function registerNulGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // A plain search first: the lookbehind pattern runs only on the rare text that has the escape.
    if (text.includes('\\u0000') && escapedNul.test(text)) return done(nulRefused(), undefined);
    void parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    if (encodedNul.test(request.url)) throw nulRefused();
  });
}
