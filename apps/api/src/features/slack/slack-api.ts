import {
  ErrorCode,
  LogLevel,
  WebClient,
  type WebAPIPlatformError,
  type WebClientOptions,
} from '@slack/web-api';
import type { SlackChannel } from '@app/contracts';

/** The installation `oauth.v2.access` gives back. */
export type SlackInstallation = {
  teamId: string;
  teamName: string;
  botUserId: string | null;
  botToken: string;
  scopes: string | null;
  installerUserId: string | null;
};

/** A refusal from Slack (`{ ok: false, error }`) or a failure to reach it. */
export class SlackApiError extends Error {
  constructor(
    /** Slack's error code (`channel_not_found`, `invalid_auth`…) or `request_failed` */
    readonly slackError: string,
  ) {
    super(`Slack: ${slackError}`);
    this.name = 'SlackApiError';
  }
}

/** A file shared in Slack, as `files.info` describes it. */
export type SlackFile = {
  id: string;
  name: string;
  title: string | null;
  size: number;
  downloadUrl: string | undefined;
};

/** The download of a shared file grew past the limit it was given. */
export class SlackFileTooLargeError extends Error {
  constructor() {
    super('The shared file is larger than the upload limit');
    this.name = 'SlackFileTooLargeError';
  }
}

/** Pages of `conversations.list` read at most (1,000 channels each). */
const MAX_CHANNEL_PAGES = 20;
/** A shared file's download gives up after this long (a 50 MB file over a slow link). */
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * The Slack Web API calls the product makes, through the official `@slack/web-api` client pointed at
 * `SLACK_API_URL` (the loopback fake in tests). The client waits out Slack's `Retry-After` on a 429
 * and retries a failed request twice; anything else becomes a `SlackApiError`.
 */
export class SlackApi {
  constructor(
    private readonly settings: { apiUrl: string; clientId: string; clientSecret: string },
  ) {}

  private client(token?: string) {
    const options: WebClientOptions = {
      slackApiUrl: this.settings.apiUrl,
      logLevel: LogLevel.ERROR,
      timeout: 10_000,
      retryConfig: { retries: 2, factor: 2, minTimeout: 200, maxTimeout: 2_000 },
    };
    return new WebClient(token, options);
  }

  /**
   * A client for a call made while Slack waits for our reply (a slash command answers within
   * 3 s): one try, 2 s at most, and a rate limit is refused (`ratelimited`) rather than waited out.
   */
  private quickClient(token: string) {
    return new WebClient(token, {
      slackApiUrl: this.settings.apiUrl,
      logLevel: LogLevel.ERROR,
      timeout: 2_000,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
    });
  }

  /**
   * A member's e-mail (`users.info`, scope users:read.email); undefined when Slack shows none.
   * `quick` while Slack waits for our reply (a slash command), else with the usual retries.
   */
  async userEmail(token: string, userId: string, quick = true): Promise<string | undefined> {
    const client = quick ? this.quickClient(token) : this.client(token);
    const res = await call(() => client.users.info({ user: userId }));
    const email = res.user?.profile?.email;
    return email ? email.toLowerCase() : undefined;
  }

  async exchangeCode(code: string, redirectUri: string): Promise<SlackInstallation> {
    const res = await call(() =>
      this.client().oauth.v2.access({
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
        code,
        redirect_uri: redirectUri,
      }),
    );
    if (!res.access_token || !res.team?.id) throw new SlackApiError('no_bot_token');
    return {
      teamId: res.team.id,
      teamName: res.team.name ?? res.team.id,
      botUserId: res.bot_user_id ?? null,
      botToken: res.access_token,
      scopes: res.scope ?? null,
      installerUserId: res.authed_user?.id ?? null,
    };
  }

  /** Every public and private channel the bot can see, following the cursor. */
  async listChannels(token: string): Promise<SlackChannel[]> {
    const client = this.client(token);
    const channels: SlackChannel[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_CHANNEL_PAGES; page += 1) {
      const res = await call(() =>
        client.conversations.list({
          types: 'public_channel,private_channel',
          exclude_archived: true,
          limit: 1000,
          ...(cursor ? { cursor } : {}),
        }),
      );
      for (const c of res.channels ?? []) {
        if (!c.id) continue;
        channels.push({
          id: c.id,
          name: c.name ?? c.id,
          is_private: Boolean(c.is_private),
          num_members: c.num_members ?? 0,
          is_member: Boolean(c.is_member),
        });
      }
      cursor = res.response_metadata?.next_cursor || undefined;
      if (!cursor) break;
    }
    return channels.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The channel, or undefined when the workspace has none with that id (or the bot cannot see it). */
  async channelInfo(token: string, channelId: string): Promise<SlackChannel | undefined> {
    try {
      const res = await call(() => this.client(token).conversations.info({ channel: channelId }));
      const c = res.channel;
      if (!c?.id) return undefined;
      return {
        id: c.id,
        name: c.name ?? c.id,
        is_private: Boolean(c.is_private),
        num_members: c.num_members ?? 0,
        is_member: Boolean(c.is_member),
      };
    } catch (error) {
      if (error instanceof SlackApiError && error.slackError === 'channel_not_found')
        return undefined;
      throw error;
    }
  }

  /** Posts in the channel, or in a message's thread when `threadTs` names it. */
  async postMessage(
    token: string,
    channel: string,
    text: string,
    threadTs?: string,
  ): Promise<void> {
    await call(() =>
      this.client(token).chat.postMessage({
        channel,
        text,
        ...(threadTs ? { thread_ts: threadTs } : {}),
      }),
    );
  }

  /** A shared file's name, size and download address (`files.info`, scope files:read). */
  async fileInfo(token: string, fileId: string): Promise<SlackFile> {
    const res = await call(() => this.client(token).files.info({ file: fileId }));
    const f = res.file;
    if (!f?.id) throw new SlackApiError('file_not_found');
    return {
      id: f.id,
      name: f.name || f.title || f.id,
      title: f.title || null,
      size: f.size ?? 0,
      downloadUrl: f.url_private_download ?? f.url_private,
    };
  }

  /**
   * The bytes of a shared file, streamed with the bot token; more than `maxBytes` stops the
   * download (SlackFileTooLargeError). The token is only ever sent to Slack's file host or to
   * the host SLACK_API_URL names (the fake in tests), whatever address a file claims.
   */
  async *downloadFile(token: string, url: string, maxBytes: number): AsyncGenerator<Buffer> {
    if (!this.isSlackFileUrl(url)) throw new SlackApiError('file_url_not_trusted');
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { authorization: `Bearer ${token}` },
        // Slack answers a refused download with a redirect to its sign-in page
        redirect: 'manual',
        signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
      });
    } catch {
      throw new SlackApiError('request_failed');
    }
    if (!res.ok || !res.body) throw new SlackApiError(`download_failed_${res.status}`);
    let size = 0;
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > maxBytes) {
      await res.body.cancel();
      throw new SlackFileTooLargeError();
    }
    for await (const chunk of res.body) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new SlackFileTooLargeError();
      yield Buffer.from(chunk);
    }
  }

  private isSlackFileUrl(url: string): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    const api = new URL(this.settings.apiUrl);
    return (
      (parsed.protocol === 'https:' && parsed.hostname === 'files.slack.com') ||
      parsed.origin === api.origin
    );
  }

  /** Adds an emoji reaction to a message; one already there is fine. */
  async addReaction(token: string, channel: string, ts: string, name: string): Promise<void> {
    try {
      await call(() => this.client(token).reactions.add({ channel, timestamp: ts, name }));
    } catch (error) {
      if (error instanceof SlackApiError && error.slackError === 'already_reacted') return;
      throw error;
    }
  }

  async teamName(token: string): Promise<string> {
    const res = await call(() => this.client(token).team.info());
    if (!res.team?.name) throw new SlackApiError('team_not_found');
    return res.team.name;
  }
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const coded = error as { code?: string };
    if (coded.code === ErrorCode.PlatformError)
      throw new SlackApiError((error as WebAPIPlatformError).data.error);
    if (coded.code === ErrorCode.RateLimitedError) throw new SlackApiError('ratelimited');
    throw new SlackApiError('request_failed');
  }
}
