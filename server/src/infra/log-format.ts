import type { Config } from '../config.js';

/** Where log lines go: a stream with write(line) (pino's `stream` option). */
export interface LogStream {
  write(line: string): void;
}

interface RequestLogLine {
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * The human line of a log record: a request reads `POST /api/login 200 12 ms` (the URL already
 * redacted by the request serializer), anything else its message.
 */
export function humanMessage(log: RequestLogLine): string {
  if (log.req && log.res) {
    const ms = typeof log.responseTime === 'number' ? ` ${Math.round(log.responseTime)} ms` : '';
    const failed = log.msg === 'request errored' ? ' (eroare)' : '';
    return `${log.req.method} ${log.req.url} ${log.res.statusCode}${ms}${failed}`;
  }
  return log.msg ?? '';
}

/**
 * The stream the server's logger writes to. JSON (pino's own lines) for production, tests and
 * LOG_FORMAT=json: the destination as given (stdout when none). Human lines in development
 * (LOG_FORMAT=pretty): each JSON line, already serialized and redacted, is turned into
 * `[10:15:52] INFO: POST /api/login 200 12 ms` by pino-pretty's formatter, loaded only then
 * (it is used synchronously, without a worker thread: a line is on screen when the request ends).
 */
export async function logDestination(
  config: Pick<Config, 'logFormat'>,
  out?: LogStream,
): Promise<LogStream | undefined> {
  if (config.logFormat !== 'pretty') return out;
  const { prettyFactory } = await import('pino-pretty');
  const target = out ?? process.stdout;
  const prettify = prettyFactory({
    colorize: !out && Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    // The request's fields are in the message; an error's stack and any other field stay, below it.
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log) => humanMessage(log as RequestLogLine),
  });
  return {
    write(line: string) {
      const text = prettify(line);
      if (text) target.write(text);
    },
  };
}
