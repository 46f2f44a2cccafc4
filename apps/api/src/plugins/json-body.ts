import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies parsed as Fastify does (prototype-poisoning checks included), except that an
 * empty body with a JSON content type means "no body" rather than a 400: bodyless calls such
 * as `PUT /messages/{id}/read` often carry the header anyway.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
