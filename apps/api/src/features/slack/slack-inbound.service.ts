import type { FastifyBaseLogger } from 'fastify';
import {
  CHAT_MESSAGES,
  SLACK_MESSAGES,
  classChoiceName,
  questionSchema,
  type ClassItem,
} from '@app/contracts';
import { AppError, unauthorized } from '../../errors.ts';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../../plugins/bad-input.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { ClassesService } from '../classes/classes.service.ts';
import type { Job, JobDefinition, JobQueue } from '../jobs/job-queue.ts';
import { SlackApiError } from './slack-api.ts';
import { hasFreshSignatureHeaders, isSignedBySlack } from './slack-signature.ts';
import { escapeSlack, shortString, slackReplyText } from './slack-text.ts';
import type { SlackMaterialService } from './slack-material.service.ts';
import type { SlackRepository } from './slack.repository.ts';
import type { SlackApp, SlackService } from './slack.service.ts';

/** One Events API delivery, worked on after Slack has had its 200. */
export const SLACK_EVENT_JOB: JobDefinition = {
  name: 'slack-event',
  retryLimit: 3,
  retryDelaySeconds: 10,
  // a shared file is downloaded and read within the job (up to 50 MB)
  expireInSeconds: 10 * 60,
};

type SlackEventJob = {
  eventId: string;
  teamId: string;
  type: string;
  event: Record<string, unknown>;
};

/** A request from Slack: the raw body and the two signature headers. */
export type SlackSignedRequest = {
  body: Buffer;
  timestamp: string | undefined;
  signature: string | undefined;
};

/** A slash command's answer, seen only by the member who typed it. */
export type SlackCommandReply = { response_type: 'ephemeral'; text: string };

/** Event ids are kept this long to recognize a retry (Slack retries for about an hour). */
const EVENT_IDS_KEPT_DAYS = 7;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const COMMAND_MESSAGES = {
  unknownCommand: (command: string) => `Unknown command ${command}. Try /link-class.`,
  notInChannel: 'Type /link-class in the channel you want to link to a class.',
  notConnected:
    'This workspace is not connected to Syllabot. A teacher can connect it from the Integrations page.',
  slackFailed: (error: string) =>
    `Slack did not tell Syllabot who you are (${error}). Please try again in a moment.`,
  noEmail:
    'Syllabot cannot see the e-mail address of your Slack account, so it cannot tell whose account you are.',
  notTeacher: (email: string) =>
    `Only teachers can link classes: no Syllabot teacher account uses your Slack e-mail (${email}).`,
  notYourWorkspace:
    'Connect this workspace to your own Syllabot account first (Integrations page), then try /link-class again.',
  noClasses: 'You have no classes yet. Create one in Syllabot, then try /link-class again.',
  classList: (lines: string[]) =>
    `Your classes:\n${lines.join('\n')}\nType \`/link-class <class name or id>\` to link one to this channel.`,
  unknownClass: (arg: string) =>
    `You have no class called "${arg}". Type \`/link-class\` to see your classes and their ids.`,
  ambiguousClass: (arg: string, lines: string[]) =>
    `Several of your classes are called "${arg}". Link one by its id:\n${lines.join('\n')}`,
  linked: (className: string, channel: string) =>
    `Linked *${className}* to ${channel}. Files and messages shared here by you and the members you authorize become course material. If the bot is not in this channel yet, invite it so it can see them.`,
} as const;

/** The bot's thread replies to a mention. */
export const MENTION_MESSAGES = {
  notLinked:
    'This channel is not linked to a class yet. A teacher can link it by typing `/link-class` here.',
  help: (className: string) =>
    `Ask me about *${escapeSlack(className)}*: mention me with your question, for example "@Syllabot when is the first exam?"`,
  sources: (titles: string[]) => `Sources: ${titles.map(escapeSlack).join(', ')}`,
} as const;

type SlackInboundDeps = {
  repo: SlackRepository;
  slack: SlackService;
  classes: ClassesService;
  /** answers a mention as the class's student chat answers a question */
  chat: ChatService;
  /** files and messages of linked channels; undefined when no Slack app is configured */
  material: SlackMaterialService | undefined;
  jobs: JobQueue;
  /** undefined: the server has no Slack app configured */
  app: SlackApp | undefined;
  log: FastifyBaseLogger;
  /** jobs this instance runs at once (JOB_CONCURRENCY); 0 leaves them to other instances */
  concurrency: number;
  now?: () => Date;
};

/**
 * What Slack sends us: Events API deliveries and slash commands, each verified
 * by its v0 signature before anything is read. An event is recorded by id and queued in one
 * transaction, then acknowledged; its job does the work. `/link-class` is answered inline: one
 * `users.info` call and a few queries fit in Slack's 3 seconds.
 */
export class SlackInboundService {
  constructor(private readonly deps: SlackInboundDeps) {}

  async start(): Promise<void> {
    const { jobs, concurrency } = this.deps;
    if (concurrency === 0) return;
    await jobs.work<SlackEventJob>(SLACK_EVENT_JOB.name, concurrency, (job) => this.process(job));
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Refuses, from its headers alone, a request that cannot be Slack's (409 without a Slack app,
   * 401 without a fresh signature): called before its body is read.
   */
  checkSignatureHeaders(req: Omit<SlackSignedRequest, 'body'>): void {
    const app = this.deps.app;
    if (!app) throw new AppError('INTEGRATION_NOT_CONFIGURED', SLACK_MESSAGES.notConfigured);
    if (!hasFreshSignatureHeaders(req, this.now())) throw notSignedBySlack();
  }

  /**
   * The Slack app, once the request is proven to come from Slack (else 409 or 401). The routes
   * call it as the body is read, before anything else looks at it; the handlers call it again.
   */
  verified(req: SlackSignedRequest): SlackApp {
    const app = this.deps.app;
    if (!app) throw new AppError('INTEGRATION_NOT_CONFIGURED', SLACK_MESSAGES.notConfigured);
    if (!isSignedBySlack(app.signingSecret, req, req.body, this.now())) throw notSignedBySlack();
    return app;
  }

  /**
   * An Events API delivery: the URL check is answered with its challenge; an event is recorded
   * and queued once (a retry of a recorded id changes nothing); anything else is acknowledged.
   */
  async receiveEvent(req: SlackSignedRequest, retryNum?: string): Promise<{ challenge?: string }> {
    this.verified(req);
    const payload = parseJsonObject(req.body);
    if (!payload) throw new AppError('BAD_REQUEST', 'Expected a JSON object');
    if (payload.type === 'url_verification') {
      if (typeof payload.challenge !== 'string' || payload.challenge.length > 1000)
        throw new AppError('BAD_REQUEST', 'The challenge is missing');
      return { challenge: payload.challenge };
    }
    if (payload.type !== 'event_callback') return {};
    const event = isObject(payload.event) ? payload.event : undefined;
    const eventId = shortString(payload.event_id);
    const teamId = shortString(payload.team_id);
    const type = shortString(event?.type);
    if (!event || !eventId || !teamId || !type)
      throw new AppError('BAD_REQUEST', 'An event needs event_id, team_id and event.type');
    const { repo, jobs, log } = this.deps;
    const queued = await repo.transaction(async (trx) => {
      if (!(await repo.recordEvent({ eventId, teamId, type }, trx))) return false;
      const data: SlackEventJob = { eventId, teamId, type, event };
      await jobs.send(SLACK_EVENT_JOB.name, data, trx);
      return true;
    });
    if (queued) jobs.wake(SLACK_EVENT_JOB.name);
    else log.info({ eventId, type, retryNum }, 'slack event already received; acknowledged');
    return {};
  }

  /** The job of one event. */
  async process(job: Job<SlackEventJob>): Promise<void> {
    const { eventId, teamId, type, event } = job.data;
    const { repo, log } = this.deps;
    switch (type) {
      case 'app_uninstalled': {
        const n = await repo.disconnectTeam(teamId);
        log.info({ eventId, team: teamId, workspaces: n }, 'slack app uninstalled');
        return;
      }
      case 'tokens_revoked': {
        // we hold bot tokens only: a revocation of user tokens alone leaves us connected
        const tokens = isObject(event.tokens) ? event.tokens : {};
        if (!Array.isArray(tokens.bot) || tokens.bot.length === 0) return;
        const n = await repo.disconnectTeam(teamId);
        log.info({ eventId, team: teamId, workspaces: n }, 'slack bot token revoked');
        return;
      }
      case 'app_mention':
        await this.answerMention(eventId, teamId, event);
        return;
      case 'message':
        await this.deps.material?.handleMessage(teamId, event);
        return;
      default:
        log.debug({ eventId, type }, 'slack event acknowledged, not handled yet');
    }
  }

  /**
   * A member mentioned the bot: in a channel linked to a class, the rest of the message is a
   * question to the class's assistant, answered through the student chat's own path (its limits,
   * its answerer, a conversation of the class whose student identifier is the Slack user id) and
   * posted in the mention's thread with the titles of the cited material: an excerpt as Slack
   * quotes with its best sentence in bold (slackReplyText), everything escaped for Slack.
   */
  private async answerMention(
    eventId: string,
    teamId: string,
    event: Record<string, unknown>,
  ): Promise<void> {
    const { repo, chat, log, app } = this.deps;
    if (!app) return;
    const channel = shortString(event.channel);
    const user = shortString(event.user);
    const ts = shortString(event.ts);
    // another bot's message (or our own) is no student's question
    if (!channel || !user || !ts || event.bot_id !== undefined) return;
    const threadTs = shortString(event.thread_ts) ?? ts;
    const text = typeof event.text === 'string' ? event.text : '';

    const link = await repo.linkedClassOfChannel(teamId, channel);
    const token = link
      ? app.cipher.decrypt(link.bot_token_encrypted!, link.slack_team_id)
      : await this.anyTokenOfTeam(app, teamId);
    if (!token) return;
    if (link && user === link.bot_user_id) return;
    const reply = (message: string) => this.replyInThread(token, channel, threadTs, message);
    if (!link) return reply(MENTION_MESSAGES.notLinked);

    const question = questionOfMention(text, link.bot_user_id);
    if (!question) return reply(MENTION_MESSAGES.help(link.class_name));
    const parsed = questionSchema.safeParse(question);
    if (!parsed.success) return reply(parsed.error.issues[0]?.message ?? CHAT_MESSAGES.askFailed);
    if (!link.is_active) return reply(CHAT_MESSAGES.classInactive);

    let answer: Awaited<ReturnType<ChatService['askClass']>>;
    try {
      answer = await chat.askClass(link.class_id, {
        question: parsed.data,
        studentIdentifier: user,
        asker: `slack:${teamId}:${user}`,
      });
    } catch (error) {
      // over a limit: said in the thread, not retried
      if (error instanceof AppError && error.statusCode < 500) return reply(error.message);
      throw error;
    }
    log.info(
      { eventId, classId: link.class_id, conversationId: answer.id },
      'slack question answered',
    );
    const titles = [...new Set(answer.citations.map((c) => c.title))];
    const said = slackReplyText(answer);
    // the conversation is stored: a failure to post is logged, not retried (it would store it twice)
    await reply(titles.length > 0 ? `${said}\n\n${MENTION_MESSAGES.sources(titles)}` : said);
  }

  /** A bot token of the team, for a reply outside a linked channel. */
  private async anyTokenOfTeam(app: SlackApp, teamId: string): Promise<string | undefined> {
    const workspaces = await this.deps.repo.connectedWorkspacesOfTeam(teamId);
    return workspaces
      .map((w) => app.cipher.decrypt(w.bot_token_encrypted!, w.slack_team_id))
      .find((t) => t !== undefined);
  }

  /** Posts in a thread; Slack refusing it (not in channel, rate limited past retries) is logged. */
  private async replyInThread(
    token: string,
    channel: string,
    threadTs: string,
    text: string,
  ): Promise<void> {
    try {
      await this.deps.app!.api.postMessage(token, channel, text, threadTs);
    } catch (error) {
      if (!(error instanceof SlackApiError)) throw error;
      this.deps.log.warn({ err: error, channel }, 'slack thread reply failed');
    }
  }

  /** A slash command (form-encoded): its reply is the ephemeral answer. */
  async runCommand(req: SlackSignedRequest): Promise<SlackCommandReply> {
    const app = this.verified(req);
    const form = new URLSearchParams(req.body.toString('utf8'));
    const command = form.get('command') ?? '';
    const teamId = form.get('team_id') ?? '';
    const userId = form.get('user_id') ?? '';
    const channelId = form.get('channel_id') ?? '';
    if (!command || !teamId || !userId || !channelId)
      throw new AppError('BAD_REQUEST', 'A command needs command, team_id, user_id and channel_id');
    if (command !== '/link-class')
      return ephemeral(COMMAND_MESSAGES.unknownCommand(command.slice(0, 50)));
    const text = await this.linkClassCommand(app, {
      teamId,
      userId,
      channelId,
      channelName: form.get('channel_name'),
      argument: (form.get('text') ?? '').trim(),
    });
    return ephemeral(text);
  }

  private async linkClassCommand(
    app: SlackApp,
    cmd: {
      teamId: string;
      userId: string;
      channelId: string;
      channelName: string | null;
      argument: string;
    },
  ): Promise<string> {
    const { repo, classes, slack, log } = this.deps;
    // a direct message (D…) is no channel to link
    if (cmd.channelId.startsWith('D')) return COMMAND_MESSAGES.notInChannel;
    const workspaces = await repo.connectedWorkspacesOfTeam(cmd.teamId);
    const token = workspaces
      .map((w) => app.cipher.decrypt(w.bot_token_encrypted!, w.slack_team_id))
      .find((t) => t !== undefined);
    if (!token) return COMMAND_MESSAGES.notConnected;

    let email: string | undefined;
    try {
      email = await app.api.userEmail(token, cmd.userId);
    } catch (error) {
      if (!(error instanceof SlackApiError)) throw error;
      log.warn({ err: error, team: cmd.teamId }, 'slack users.info failed for /link-class');
      return COMMAND_MESSAGES.slackFailed(error.slackError);
    }
    if (!email) return COMMAND_MESSAGES.noEmail;
    const teacher = await repo.findTeacherByEmail(email);
    if (!teacher) return COMMAND_MESSAGES.notTeacher(email);
    if (!workspaces.some((w) => w.teacher_id === teacher.id))
      return COMMAND_MESSAGES.notYourWorkspace;

    const { classes: own } = await classes.list(teacher.id, false);
    // with its term: a course taught again is two classes of one name
    const line = (c: ClassItem) => `• ${classChoiceName(c)} (\`${c.id}\`)`;
    if (!cmd.argument)
      return own.length === 0
        ? COMMAND_MESSAGES.noClasses
        : COMMAND_MESSAGES.classList(own.map(line));

    const wanted = cmd.argument.replace(/^["'“”‘’]+|["'“”‘’]+$/g, '').trim();
    const matches = UUID.test(wanted)
      ? own.filter((c) => c.id.toLowerCase() === wanted.toLowerCase())
      : own.filter((c) => c.class_name.trim().toLowerCase() === wanted.toLowerCase());
    const shown = wanted.slice(0, 100);
    if (matches.length === 0) return COMMAND_MESSAGES.unknownClass(shown);
    if (matches.length > 1) return COMMAND_MESSAGES.ambiguousClass(shown, matches.map(line));
    const cls = matches[0]!;
    const channelName =
      cmd.channelName && !['privategroup', 'directmessage'].includes(cmd.channelName)
        ? cmd.channelName.slice(0, 255)
        : null;
    try {
      await slack.linkChannelFromSlack(teacher.id, cmd.teamId, cls.id, {
        id: cmd.channelId,
        name: channelName,
      });
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return error.message;
      throw error;
    }
    log.info({ teacherId: teacher.id, team: cmd.teamId, classId: cls.id }, 'linked by /link-class');
    return COMMAND_MESSAGES.linked(
      cls.class_name,
      channelName ? `#${channelName}` : 'this channel',
    );
  }

  /** Event ids past the time Slack could still retry them (housekeeping). */
  pruneEvents(): Promise<number> {
    return this.deps.repo.pruneEvents(
      new Date(this.now().getTime() - EVENT_IDS_KEPT_DAYS * 24 * 60 * 60_000),
    );
  }
}

/**
 * The question in a mention: the bot's mention removed (`<@U…>` or `<@U…|name>`; the leading one
 * when the bot's id is unknown), Slack's escapes undone, spaces collapsed.
 */
export function questionOfMention(text: string, botUserId: string | null): string {
  const withoutBot = botUserId
    ? text.replace(new RegExp(`<@${escapeRegExp(botUserId)}(\\|[^>]*)?>`, 'g'), ' ')
    : text.replace(/^\s*<@[A-Z0-9]+(\|[^>]*)?>/, ' ');
  return withoutBot
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const ephemeral = (text: string): SlackCommandReply => ({ response_type: 'ephemeral', text });

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const notSignedBySlack = () =>
  unauthorized('The request is not signed by Slack, or its signature has expired.');

/** A JSON object, or undefined for anything else (nested deeper than MAX_JSON_DEPTH too). */
function parseJsonObject(body: Buffer): Record<string, unknown> | undefined {
  const text = body.toString('utf8');
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
