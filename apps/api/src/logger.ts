import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

/**
 * Strips secrets that can travel in a URL from logged request URLs: reset links' tokens, and the
 * code and state of Slack's OAuth redirect (the code buys a workspace's bot token until it is used).
 */
function redactUrl(url: string): string {
  return url.replace(
    /([?&](?:reset_token|token|refresh_token|code|state)=)[^&]*/gi,
    '$1[redacted]',
  );
}

/** The server's logger: JSON to stdout (pretty on a terminal), or to `destination` (tests). */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.refresh_token',
        '*.access_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
    ...(process.stdout.isTTY && !destination
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
