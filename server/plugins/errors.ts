/**
 * Every failure leaves as `{ error: { code, message } }` (docs/api.md, Rules for every route): validation,
 * parser and Fastify errors get our codes and a message naming the field; anything unexpected is a logged 500
 * with no details.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { NO_CONTROL_CHARACTERS, NO_NAME_UNSAFE_CHARACTERS } from "#contracts/common.ts";
import { AppError, type ErrorCode, isErrorCode, statusOf } from "../errors.ts";

export interface ErrorAnswer {
  status: number;
  code: string;
  message: string;
  retryAfterSeconds?: number;
}

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Fastify's own client errors come with a status: the code we answer each with. */
const GENERIC_CODES: Partial<Record<number, ErrorCode>> = {
  400: "VALIDATION_ERROR",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  406: "NOT_ACCEPTABLE",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
};

/** Our answer to each error of Fastify's body parser; the status comes with the code (server/errors.ts). */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: "PAYLOAD_TOO_LARGE",
    message: "The request body is larger than 16 KiB.",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Send the body as JSON (Content-Type: application/json).",
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "VALIDATION_ERROR", message: "The request body is not valid JSON." },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: "VALIDATION_ERROR",
    message: "The request body is empty but Content-Type says JSON.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: "VALIDATION_ERROR",
    message: "Content-Length does not match the body.",
  },
};

const answerOf = (code: ErrorCode, message: string): ErrorAnswer => ({
  status: statusOf(code),
  code,
  message,
});

const UNEXPECTED = answerOf("SERVER_ERROR", "Something went wrong on our side. Please try again.");

/** An AppError answered on purpose: its code, with the code's status. */
const isAnsweredOnPurpose = (error: unknown): error is AppError =>
  error instanceof AppError && isErrorCode(error.code);

/** "body/email must match format "email"", "body/extra is not allowed", "body/name is required". */
export function describeValidationIssue(context: string, issue: ValidationIssue): string {
  const where = `${context}${issue.instancePath}`;
  if (issue.keyword === "additionalProperties")
    return `${where}/${String(issue.params.additionalProperty)} is not allowed`;
  if (issue.keyword === "type" && issue.instancePath === "" && context === "body") {
    return `body must be a JSON ${String(issue.params.type)}`;
  }
  if (issue.keyword === "required") return `${where}/${String(issue.params.missingProperty)} is required`;
  if (issue.keyword === "pattern" && issue.params.pattern === NO_CONTROL_CHARACTERS) {
    return `${where} must not contain control characters`;
  }
  if (issue.keyword === "pattern" && issue.params.pattern === NO_NAME_UNSAFE_CHARACTERS) {
    return `${where} must not contain control or text-direction characters`;
  }
  return `${where} ${issue.message ?? "is invalid"}`;
}

export function describeError(error: unknown): ErrorAnswer {
  if (isAnsweredOnPurpose(error)) {
    return {
      ...answerOf(error.code, error.message),
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    };
  }
  // A code with no status can only come from a cast past the type: a bug, answered like anything unexpected.
  if (error instanceof AppError) return UNEXPECTED;
  const fastifyError = error as Partial<FastifyError>;
  if (Array.isArray(fastifyError.validation) && fastifyError.validation.length > 0) {
    const issue = fastifyError.validation[0] as unknown as ValidationIssue;
    return answerOf(
      "VALIDATION_ERROR",
      describeValidationIssue(fastifyError.validationContext ?? "request", issue),
    );
  }
  const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (known) return answerOf(known.code, known.message);
  const status = fastifyError.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    // Other client errors from Fastify or a plugin: a generic wording, as their messages are not written for users.
    return {
      status,
      code: GENERIC_CODES[status] ?? "BAD_REQUEST",
      message: `${STATUS_CODES[status] ?? "Bad request"}.`,
    };
  }
  return UNEXPECTED;
}

export function sendError(reply: FastifyReply, answer: ErrorAnswer): FastifyReply {
  if (answer.retryAfterSeconds !== undefined) reply.header("retry-after", String(answer.retryAfterSeconds));
  return reply
    .code(answer.status)
    .type("application/json; charset=utf-8")
    .send({ error: { code: answer.code, message: answer.message } });
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const answer = describeError(error);
    // A 5xx we answer on purpose (an AppError: draining, a lost database on /api/ready, which a balancer asks
    // every few seconds) is a state, not a bug: a warning with its code. Anything else is a bug, with its stack.
    if (answer.status >= 500 && !isAnsweredOnPurpose(error))
      request.log.error({ err: error }, "request failed");
    else if (answer.status >= 500)
      request.log.warn({ code: answer.code, status: answer.status }, answer.message);
    else request.log.info({ code: answer.code, status: answer.status }, answer.message);
    return sendError(reply, answer);
  });
}

/**
 * A request Node's HTTP parser cannot read never reaches a route or the error handler above; Fastify's own
 * answer has another shape, so this one writes ours on the raw socket (Fastify's `clientErrorHandler`).
 */
export function answerMalformedRequest(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const { status, code, message } =
    error.code === "HPE_HEADER_OVERFLOW"
      ? answerOf("HEADERS_TOO_LARGE", "The request headers are too large.")
      : answerOf("VALIDATION_ERROR", "The request is not valid HTTP.");
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
