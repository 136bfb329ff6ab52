import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

/** Strips secrets that can travel in a URL (reset links) from logged request URLs. */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:reset_token|token|refresh_token)=)[^&]*/gi, '$1[redacted]');
}

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
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
    ...(process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
