import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { schemaMessage } from './error-messages.js';
import { AppError, errors, type FieldErrors } from './errors.js';

/** Translates an ajv validation error list into {field: [Romanian message]}. */
function validationToFields(error: FastifyError): FieldErrors {
  // No prototype: a field named `__proto__` or `constructor` is just a key.
  const out = Object.create(null) as FieldErrors;
  for (const v of error.validation ?? []) {
    const params = v.params as Record<string, unknown>;
    let field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (v.keyword === 'required') field = [field, String(params.missingProperty)].filter(Boolean).join('.');
    if (v.keyword === 'additionalProperties')
      field = [field, String(params.additionalProperty)].filter(Boolean).join('.');
    if (!field) field = error.validationContext ?? 'body';
    (out[field] ??= []).push(schemaMessage(field, v.keyword, params));
  }
  return out;
}

/** The error's JSON body, its message worded for the caller (an AddressedError's depends on the role). */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const message = error.messageFor(reply.request.actor?.role ?? null);
  const body: Record<string, unknown> = { message, code: error.code, ...error.extra };
  if (error.errors) body.errors = error.errors;
  return reply.status(error.statusCode).type('application/json; charset=utf-8').send(body);
}

/** Maps every thrown error to the JSON error body (errorSchema in lib/http-schemas.ts); 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return sendError(reply, error);
    if (error.validation) {
      return sendError(reply, errors.validation(validationToFields(error)));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, errors.requestTooLarge());
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return sendError(reply, errors.unsupportedMediaType());
    }
    if (
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return sendError(reply, errors.badJson());
    }
    if (status >= 400 && status < 500) {
      return sendError(reply, errors.badRequest(status));
    }
    const systemCode = (error as { code?: unknown }).code;
    if (systemCode === 'ENOSPC' || systemCode === 'EDQUOT') {
      request.log.error({ err: error }, 'storage full');
      return sendError(reply, errors.storageFull());
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(reply, errors.unavailable());
    }
    if (isBadData(error)) {
      // PostgreSQL refused a value the schemas let through (out of range, NUL byte…): the input's fault, not ours.
      request.log.warn({ err: error }, 'value refused by the database');
      return sendError(reply, errors.badValue());
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, errors.serverError());
  });
}

/** PostgreSQL class 22 (data exception): 22003 out of range, 22021 NUL byte, 22P02 bad text representation… */
function isBadData(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/**
 * The database can't be reached: network errors, PostgreSQL's connection
 * exceptions (class 08), shutdown/terminated backends (57P0x), too many
 * connections, a database that refuses connections, and node-postgres's own
 * messages for a connection that died or never came.
 */
function isDatabaseDown(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'].includes(code))
      return true;
    if (/^08/.test(code) || /^57P0[1-4]$/.test(code) || code === '53300' || code === '3D000') return true;
    if (code === '55000' && /not currently accepting connections/.test(String(message))) return true;
  }
  return (
    typeof message === 'string' &&
    /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      message,
    )
  );
}
