import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ERROR_STATUS,
  type ErrorCode,
  TRIAL_MESSAGES,
  excerptText,
  type TrialChatInput,
  type TrialChatReply,
  type TrialData,
  type TrialSession,
} from '@app/contracts';
import { deferred, mockApi, type RecordedCall, type Reply } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { mockXhr } from '@/test/xhr-mock';
import { eventStream, sseEvent, streamReply } from '@/test/event-stream';

const SAVED_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const NEW_ID = '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f';
const FUTURE = '2099-01-01T00:00:00.000Z';
const DOC = { file_name: 'cell-biology.txt', file_size: 2048, word_count: 310 };

const envelope = (data: unknown, status = 200): Reply => ({
  status,
  body: { success: true, data },
});
/** A failed reply as the API sends it: the code (contracts' ErrorCode) with its status. */
const failure = (code: ErrorCode, detail: string): Reply => ({
  status: ERROR_STATUS[code],
  body: { success: false, detail, code },
});

function makeSession(overrides: Partial<TrialSession> = {}): TrialSession {
  return {
    session_id: NEW_ID,
    expires_at: FUTURE,
    questions_used: 0,
    questions_left: 10,
    document: null,
    ...overrides,
  };
}

let replySeq = 0;
function makeReply(overrides: Partial<TrialChatReply> = {}): TrialChatReply {
  replySeq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(replySeq).padStart(12, '0')}`,
    response: 'Mitochondria make most of the cell’s energy.',
    kind: 'answer',
    source_type: 'content',
    confidence: 0.9,
    citations: [
      {
        content_id: 'doc',
        title: 'Cell energy',
        content_type: 'trial',
        excerpt: 'The mitochondria produce ATP through respiration.',
      },
    ],
    questions_left: 9,
    ...overrides,
  };
}

const saveTrial = (trial: Partial<TrialData> = {}) =>
  localStorage.setItem(
    'trial_data',
    JSON.stringify({
      session_id: SAVED_ID,
      expires_at: FUTURE,
      questions_left: 10,
      document: DOC,
      ...trial,
    }),
  );
const savedTrial = () => JSON.parse(localStorage.getItem('trial_data') ?? 'null') as TrialData;

const NEW_SESSION = { 'POST /trial/session': envelope(makeSession(), 201) };

async function openTrial() {
  const user = userEvent.setup({ applyAccept: false });
  await user.click(await screen.findByRole('button', { name: /Try Me/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Try it with your document' });
  return { user, dialog };
}

/** A saved trial with a document, alive on the server: the dialog opens at the chat step. */
async function openChat(
  routes: Parameters<typeof mockApi>[0] = {},
  session: Partial<TrialSession> = {},
) {
  saveTrial({ questions_left: session.questions_left ?? 10 });
  const calls = mockApi({
    [`GET /trial/session/${SAVED_ID}`]: envelope(
      makeSession({ session_id: SAVED_ID, document: DOC, ...session }),
    ),
    ...routes,
  });
  renderApp('/');
  const opened = await openTrial();
  await within(opened.dialog).findByRole('region', { name: 'Your document' });
  return { ...opened, calls };
}

const questionBox = () => screen.getByLabelText('Ask about your document');
/** Questions are answered as they are written; the plain /trial/chat is the fallback. */
const ASK = 'POST /trial/chat/stream';
const PLAIN_ASK = 'POST /trial/chat';
const chatCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/trial/chat/stream');

function textFile(name = 'notes.txt', type = 'text/plain') {
  return new File(['Cells are the basic unit of life.'], name, { type });
}

describe('trial session (SPEC §3 trial_data)', () => {
  it('starts a new session, saves it and shows the upload step', async () => {
    const calls = mockApi(NEW_SESSION);
    renderApp('/');
    const { dialog } = await openTrial();
    expect(await within(dialog).findByRole('button', { name: 'Choose a file' })).toBeVisible();
    expect(within(dialog).getByText('10 questions left')).toHaveAttribute('aria-live', 'polite');
    expect(within(dialog).getByText('PDF, DOCX or TXT up to 10 MB')).toBeInTheDocument();
    expect(savedTrial()).toEqual({
      session_id: NEW_ID,
      expires_at: FUTURE,
      questions_left: 10,
      document: null,
    });
    expect(calls.filter((c) => c.path === '/trial/session')).toHaveLength(1);
  });

  it('resumes a saved session at the chat step with the server’s count', async () => {
    const { dialog, calls } = await openChat({}, { questions_left: 6, questions_used: 4 });
    expect(within(dialog).getByText('cell-biology.txt')).toBeInTheDocument();
    expect(within(dialog).getByText('2.0 KB · 310 words')).toBeInTheDocument();
    expect(within(dialog).getByText('6 questions left')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/trial/session')).toBe(false);
    expect(savedTrial().questions_left).toBe(6);
  });

  it('replaces a saved session the server no longer knows', async () => {
    saveTrial();
    const calls = mockApi({
      [`GET /trial/session/${SAVED_ID}`]: failure('NOT_FOUND', TRIAL_MESSAGES.serverSessionMissing),
      ...NEW_SESSION,
    });
    renderApp('/');
    const { dialog } = await openTrial();
    expect(await within(dialog).findByRole('button', { name: 'Choose a file' })).toBeVisible();
    expect(savedTrial()).toMatchObject({ session_id: NEW_ID, document: null });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /trial/session/${SAVED_ID}`,
      'POST /trial/session',
    ]);
  });

  it('does not ask about a saved session past its expiry; it starts a new one', async () => {
    saveTrial({ expires_at: '2020-01-01T00:00:00.000Z' });
    const calls = mockApi(NEW_SESSION);
    renderApp('/');
    const { dialog } = await openTrial();
    await within(dialog).findByRole('button', { name: 'Choose a file' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /trial/session']);
    expect(savedTrial().session_id).toBe(NEW_ID);
  });

  it('says when a session cannot be started and tries again on request', async () => {
    let attempts = 0;
    mockApi({
      'POST /trial/session': () => {
        attempts += 1;
        return attempts === 1
          ? failure('RATE_LIMITED', TRIAL_MESSAGES.serverTooManySessions)
          : envelope(makeSession(), 201);
      },
    });
    renderApp('/');
    const { user, dialog } = await openTrial();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(TRIAL_MESSAGES.sessionNotStarted);
    expect(alert).toHaveTextContent(TRIAL_MESSAGES.serverTooManySessions);
    expect(localStorage.getItem('trial_data')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('button', { name: 'Choose a file' })).toBeVisible();
    expect(attempts).toBe(2);
  });

  it('closing keeps the session: reopening resumes it without starting another', async () => {
    const calls = mockApi({
      ...NEW_SESSION,
      [`GET /trial/session/${NEW_ID}`]: envelope(makeSession()),
    });
    renderApp('/');
    const { user, dialog } = await openTrial();
    await within(dialog).findByRole('button', { name: 'Choose a file' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Try Free Demo' }));
    const again = await screen.findByRole('dialog', { name: 'Try it with your document' });
    expect(await within(again).findByRole('button', { name: 'Choose a file' })).toBeVisible();
    await waitFor(() =>
      expect(calls.some((c) => c.path === `/trial/session/${NEW_ID}`)).toBe(true),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('trial upload (SPEC §5 Trial upload)', () => {
  it('refuses a file over 10 MB in the browser', async () => {
    mockApi(NEW_SESSION);
    const uploads = mockXhr();
    renderApp('/');
    const { user, dialog } = await openTrial();
    await within(dialog).findByRole('button', { name: 'Choose a file' });
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(within(dialog).getByLabelText('Document to try'), big);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(TRIAL_MESSAGES.fileTooLarge);
    expect(uploads).toHaveLength(0);
  });

  it.each(['slides.pptx', 'photo.png', 'README'])('refuses %s in the browser', async (name) => {
    mockApi(NEW_SESSION);
    const uploads = mockXhr();
    renderApp('/');
    const { user, dialog } = await openTrial();
    await within(dialog).findByRole('button', { name: 'Choose a file' });
    await user.upload(within(dialog).getByLabelText('Document to try'), textFile(name));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(TRIAL_MESSAGES.fileType);
    expect(uploads).toHaveLength(0);
  });

  it('shows upload progress, then "Reading your document…", then the document summary', async () => {
    mockApi(NEW_SESSION);
    const uploads = mockXhr();
    renderApp('/');
    const { user, dialog } = await openTrial();
    await within(dialog).findByRole('button', { name: 'Choose a file' });
    await user.upload(within(dialog).getByLabelText('Document to try'), textFile('NOTES.TXT'));

    const [request] = uploads;
    expect(request?.url).toBe('/api/trial/upload');
    expect(request?.body?.get('session_id')).toBe(NEW_ID);
    expect((request?.body?.get('file') as File).name).toBe('NOTES.TXT');

    const bar = within(dialog).getByRole('progressbar', { name: 'Uploading NOTES.TXT' });
    request!.progress(40);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(within(dialog).getByText('40%')).toBeInTheDocument();
    request!.progress(100);
    expect(await within(dialog).findByText('Reading your document…')).toBeInTheDocument();

    request!.respond(201, {
      success: true,
      data: { file_name: 'NOTES.TXT', file_size: 3 * 1024 * 1024, word_count: 1234 },
    });
    const box = await within(dialog).findByLabelText('Ask about your document');
    expect(within(dialog).getByText('NOTES.TXT', { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).getByText('3.0 MB · 1,234 words')).toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(savedTrial().document).toEqual({
      file_name: 'NOTES.TXT',
      file_size: 3 * 1024 * 1024,
      word_count: 1234,
    });
  });

  it('shows the server’s reason for an unreadable file and "Upload failed." otherwise', async () => {
    mockApi(NEW_SESSION);
    const uploads = mockXhr();
    renderApp('/');
    const { user, dialog } = await openTrial();
    const input = async () => {
      await within(dialog).findByRole('button', { name: 'Choose a file' });
      return within(dialog).getByLabelText('Document to try');
    };
    await user.upload(await input(), textFile('damaged.pdf', 'application/pdf'));
    uploads[0]!.respond(422, {
      success: false,
      detail: 'This PDF is damaged and cannot be read.',
      code: 'VALIDATION_ERROR',
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This PDF is damaged and cannot be read.',
    );

    await user.upload(await input(), textFile());
    uploads[1]!.respond(500, { success: false, detail: 'boom', code: 'INTERNAL' });
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(TRIAL_MESSAGES.uploadFailed),
    );
    expect(localStorage.getItem('trial_data')).toContain('"document":null');
  });

  it('a session gone on upload starts a fresh one and asks to upload again', async () => {
    let started = 0;
    mockApi({
      'POST /trial/session': () => {
        started += 1;
        return envelope(makeSession({ session_id: started === 1 ? SAVED_ID : NEW_ID }), 201);
      },
    });
    mockXhr(() => ({
      status: 404,
      body: { success: false, detail: TRIAL_MESSAGES.serverSessionMissing, code: 'NOT_FOUND' },
    }));
    renderApp('/');
    const { user, dialog } = await openTrial();
    await within(dialog).findByRole('button', { name: 'Choose a file' });
    await user.upload(within(dialog).getByLabelText('Document to try'), textFile());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      TRIAL_MESSAGES.sessionExpired,
    );
    await waitFor(() => expect(savedTrial().session_id).toBe(NEW_ID));
    expect(within(dialog).getByRole('button', { name: 'Choose a file' })).toBeVisible();
  });

  it('a file picked on the landing page opens the dialog and uploads at once', async () => {
    mockApi(NEW_SESSION);
    const uploads = mockXhr((request) => ({
      status: 201,
      body: {
        success: true,
        data: {
          file_name: (request.body?.get('file') as File).name,
          file_size: 500,
          word_count: 6,
        },
      },
    }));
    renderApp('/');
    const user = userEvent.setup();
    expect(
      await screen.findByText('PDF, DOCX or TXT up to 10 MB. No account needed.'),
    ).toBeVisible();
    await user.upload(
      screen.getByLabelText('Try it with one of your documents'),
      textFile('syllabus.txt'),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Try it with your document' });
    expect(await within(dialog).findByText('0.5 KB · 6 words')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.body?.get('session_id')).toBe(NEW_ID);
    expect(savedTrial().document?.file_name).toBe('syllabus.txt');
  });

  it('"Use another document" goes back to the upload step and keeps the count', async () => {
    const { user, dialog } = await openChat({}, { questions_left: 4 });
    await user.click(within(dialog).getByRole('button', { name: 'Use another document' }));
    expect(within(dialog).getByRole('button', { name: 'Choose a file' })).toBeVisible();
    expect(within(dialog).getByText('4 questions left')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back to the conversation' }));
    expect(within(dialog).getByLabelText('Ask about your document')).toBeVisible();
  });
});

describe('trial chat (SPEC §5 Trial chat, §8)', () => {
  it('Enter sends the question with the session; the answer shows its sources', async () => {
    const { user, dialog, calls } = await openChat({
      [ASK]: streamReply([sseEvent('done', makeReply())]),
    });
    await user.type(questionBox(), 'What makes ATP?{Enter}');
    const log = within(dialog).getByRole('log', { name: 'Trial conversation' });
    expect(
      await within(log).findByText('Mitochondria make most of the cell’s energy.'),
    ).toBeVisible();
    expect(within(log).getByText('What makes ATP?')).toBeInTheDocument();
    expect(chatCalls(calls)[0]?.body).toEqual({
      session_id: SAVED_ID,
      question: 'What makes ATP?',
      conversation_history: [],
    });
    expect(questionBox()).toHaveValue('');

    const chip = within(log).getByRole('button', { name: 'Cell energy' });
    expect(chip).toHaveAttribute('aria-expanded', 'false');
    await user.click(chip);
    expect(chip).toHaveAttribute('aria-expanded', 'true');
    expect(within(log).getByRole('region', { name: 'Quoted from Cell energy' })).toHaveTextContent(
      'The mitochondria produce ATP through respiration.',
    );
  });

  it('Shift+Enter adds a line; blank questions are not sent', async () => {
    const { user, calls } = await openChat({ [ASK]: envelope(makeReply()) });
    await user.type(questionBox(), '   {Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.clear(questionBox());
    await user.type(questionBox(), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(questionBox()).toHaveValue('First line\nsecond line');
    expect(chatCalls(calls)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(chatCalls(calls)).toHaveLength(1));
    expect(chatCalls(calls)[0]?.body).toMatchObject({ question: 'First line\nsecond line' });
  });

  it('ignores sending while a question is in flight', async () => {
    const pending = deferred(envelope(makeReply()));
    const { user, dialog, calls } = await openChat({ [ASK]: pending.handler });
    await user.type(questionBox(), 'One{Enter}');
    expect(
      await within(dialog).findByText('Reading the document for an answer…'),
    ).toBeInTheDocument();
    await user.type(questionBox(), 'Two{Enter}');
    expect(questionBox()).toHaveValue('Two');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(chatCalls(calls)).toHaveLength(1);
    pending.release();
    await within(dialog).findByText('Mitochondria make most of the cell’s energy.');
    expect(chatCalls(calls)).toHaveLength(1);
  });

  it('sends at most the last 6 turns as conversation_history', async () => {
    let asked = 0;
    const { user, dialog, calls } = await openChat({
      [ASK]: (init) => {
        asked += 1;
        const input = JSON.parse(String(init.body)) as TrialChatInput;
        return envelope(
          makeReply({ response: `Answer to ${input.question}`, questions_left: 10 - asked }),
        );
      },
    });
    for (let n = 1; n <= 8; n += 1) {
      await user.type(questionBox(), `Question ${n}{Enter}`);
      await within(dialog).findByText(`Answer to Question ${n}`);
    }
    const bodies = chatCalls(calls).map((c) => c.body as TrialChatInput);
    expect(bodies[1]?.conversation_history).toEqual([
      { question: 'Question 1', response: 'Answer to Question 1' },
    ]);
    const last = bodies[7]!.conversation_history!;
    expect(last).toHaveLength(6);
    expect(last[0]).toEqual({ question: 'Question 2', response: 'Answer to Question 2' });
    expect(last[5]).toEqual({ question: 'Question 7', response: 'Answer to Question 7' });
  });

  it('the counter follows the server’s questions_left', async () => {
    let left = 10;
    const { user, dialog } = await openChat({
      [ASK]: () => {
        left -= 2; // the server's count is the truth, whatever the browser expects
        return streamReply([
          sseEvent('delta', { text: 'Mito' }),
          sseEvent('done', makeReply({ questions_left: left })),
        ])();
      },
    });
    expect(within(dialog).getByText('10 questions left')).toBeInTheDocument();
    await user.type(questionBox(), 'One{Enter}');
    expect(await within(dialog).findByText('8 questions left')).toBeInTheDocument();
    await user.type(questionBox(), 'Two{Enter}');
    expect(await within(dialog).findByText('6 questions left')).toBeInTheDocument();
    expect(savedTrial().questions_left).toBe(6);
  });

  it('the last answer shows the sign-up prompt instead of the input', async () => {
    const { user, dialog } = await openChat(
      { [ASK]: envelope(makeReply({ questions_left: 0 })) },
      { questions_left: 1 },
    );
    expect(within(dialog).getByText('1 question left')).toBeInTheDocument();
    await user.type(questionBox(), 'Last one{Enter}');
    expect(await within(dialog).findByText('0 questions left')).toBeInTheDocument();
    expect(within(dialog).getByText("You've used your 10 free questions")).toBeVisible();
    expect(within(dialog).queryByLabelText('Ask about your document')).not.toBeInTheDocument();
  });

  it('a 429 says the trial limit is reached, zeroes the counter and prompts to sign up', async () => {
    const { user, dialog } = await openChat(
      { [ASK]: failure('RATE_LIMITED', TRIAL_MESSAGES.serverLimit) },
      { questions_left: 3 },
    );
    await user.type(questionBox(), 'Another?{Enter}');
    const log = within(dialog).getByRole('log', { name: 'Trial conversation' });
    expect(await within(log).findByText(TRIAL_MESSAGES.limitReached)).toBeInTheDocument();
    expect(within(dialog).getByText('0 questions left')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sign Up' })).toBeVisible();
    expect(savedTrial().questions_left).toBe(0);
  });

  it('a "session" failure says the session expired and offers to upload again on a new one', async () => {
    const { user, dialog, calls } = await openChat({
      [ASK]: failure('NOT_FOUND', TRIAL_MESSAGES.serverSessionMissing),
      ...NEW_SESSION,
    });
    await user.type(questionBox(), 'Still there?{Enter}');
    const log = within(dialog).getByRole('log', { name: 'Trial conversation' });
    expect(await within(log).findByText(TRIAL_MESSAGES.sessionExpired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload again' }));
    expect(await within(dialog).findByRole('button', { name: 'Choose a file' })).toBeVisible();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/trial/session')).toBe(true);
    expect(savedTrial()).toMatchObject({ session_id: NEW_ID, document: null });
  });

  it('any other failure says so in the thread and keeps the typed question', async () => {
    const { user, dialog } = await openChat({
      [ASK]: failure('INTERNAL', 'An unexpected server error occurred.'),
    });
    await user.type(questionBox(), 'Why?{Enter}');
    const log = within(dialog).getByRole('log', { name: 'Trial conversation' });
    expect(await within(log).findByText(TRIAL_MESSAGES.chatFailed)).toBeInTheDocument();
    expect(questionBox()).toHaveValue('Why?');
    expect(within(dialog).getByText('10 questions left')).toBeInTheDocument();
  });

  it('marks an answer the document does not cover', async () => {
    const { user, dialog } = await openChat({
      [ASK]: envelope(
        makeReply({
          kind: 'none',
          source_type: 'other',
          response: TRIAL_MESSAGES.notInDocument,
          citations: [],
        }),
      ),
    });
    await user.type(questionBox(), 'Who won the 1998 World Cup?{Enter}');
    const answer = await within(dialog).findByRole('article', {
      name: 'Answer: not in the document',
    });
    expect(answer).toHaveTextContent('Not in the document');
  });

  it('shows an excerpt as the document quoted, "Did this help?" under it, and no Contact Teacher', async () => {
    const { user, dialog } = await openChat({
      [ASK]: envelope(
        makeReply({
          kind: 'excerpt',
          response: excerptText([
            {
              lead: 'Here is what the document says about Energy:',
              quote: 'Cells need energy. **The mitochondria produce ATP through respiration.**',
            },
          ]),
        }),
      ),
    });
    await user.type(questionBox(), 'What makes ATP?{Enter}');
    const excerpt = await within(dialog).findByRole('article', {
      name: 'Answer: excerpt from the document',
    });
    expect(excerpt.textContent).toMatch(
      /^Excerpt from the document:Here is what the document says about Energy:Cells need energy\./,
    );
    expect(
      within(excerpt).getByText('The mitochondria produce ATP through respiration.').tagName,
    ).toBe('MARK');
    expect(excerpt.textContent).not.toContain('**');
    expect(within(excerpt).getByRole('button', { name: 'Cell energy' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Did this help?' })).toBeInTheDocument();
    // a trial has no teacher to contact
    expect(within(dialog).queryByRole('button', { name: 'Contact Teacher' })).toBeNull();
  });

  it('shows the answer as it is written; the counter goes down once, at the end', async () => {
    const stream = eventStream();
    const { user, dialog, calls } = await openChat({ [ASK]: stream.handler });
    await user.type(questionBox(), 'What makes ATP?{Enter}');
    const log = within(dialog).getByRole('log', { name: 'Trial conversation' });
    expect(await within(log).findByText('Reading the document for an answer…')).toBeInTheDocument();

    stream.delta('Mitochondria make');
    const draft = await within(log).findByRole('article', { name: 'Answer being written' });
    expect(log).toHaveAttribute('aria-busy', 'true');
    expect(within(log).queryByText('Reading the document for an answer…')).toBeNull();
    stream.send(': ping\n\n');
    stream.delta(' most of its energy');
    await waitFor(() => expect(draft).toHaveTextContent('Mitochondria make most of its energy'));
    expect(within(dialog).getByText('10 questions left')).toBeInTheDocument();
    expect(within(log).queryByText('Sources')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    stream.done(makeReply({ questions_left: 9 }));
    const answer = await within(log).findByRole('article', { name: 'Answer' });
    expect(answer).toHaveTextContent('Mitochondria make most of the cell’s energy.');
    expect(within(answer).getByRole('button', { name: 'Cell energy' })).toBeInTheDocument();
    expect(within(log).queryByRole('article', { name: 'Answer being written' })).toBeNull();
    expect(log).toHaveAttribute('aria-busy', 'false');
    expect(within(dialog).getByText('9 questions left')).toBeInTheDocument();
    expect(savedTrial().questions_left).toBe(9);
    expect(calls.filter((c) => c.path.startsWith('/trial/chat'))).toHaveLength(1);
  });

  it('an error event after the draft began says so; the question comes back to the box', async () => {
    const stream = eventStream();
    const { user, dialog } = await openChat({ [ASK]: stream.handler });
    await user.type(questionBox(), 'Why?{Enter}');
    const log = within(dialog).getByRole('log', { name: 'Trial conversation' });
    stream.delta('Because');
    await within(log).findByRole('article', { name: 'Answer being written' });
    stream.error('The answer could not be finished.');
    expect(await within(log).findByText(TRIAL_MESSAGES.chatFailed)).toBeInTheDocument();
    expect(within(log).queryByText('Because')).toBeNull();
    expect(questionBox()).toHaveValue('Why?');
    expect(within(dialog).getByText('10 questions left')).toBeInTheDocument();
  });

  it('when the stream cannot be reached, the plain trial chat answers instead', async () => {
    const { user, dialog, calls } = await openChat({
      [ASK]: () => Promise.reject(new TypeError('Failed to fetch')),
      [PLAIN_ASK]: envelope(makeReply({ questions_left: 9 })),
    });
    await user.type(questionBox(), 'What makes ATP?{Enter}');
    expect(
      await within(dialog).findByText('Mitochondria make most of the cell’s energy.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('9 questions left')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.path.startsWith('/trial/chat')).map((c) => [c.path, c.body]),
    ).toEqual([
      [
        '/trial/chat/stream',
        { session_id: SAVED_ID, question: 'What makes ATP?', conversation_history: [] },
      ],
      [
        '/trial/chat',
        { session_id: SAVED_ID, question: 'What makes ATP?', conversation_history: [] },
      ],
    ]);
  });

  it('the Sign Up button closes the trial and opens the sign-up modal', async () => {
    const { user, dialog } = await openChat({}, { questions_left: 0 });
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Try it with your document' })).toBeNull();
  });
});

describe('trial chat: rating answers', () => {
  const FEEDBACK = 'PUT /trial/feedback';
  const feedbackCalls = (calls: RecordedCall[]) =>
    calls.filter((c) => c.method === 'PUT' && c.path === '/trial/feedback');

  it('puts the rating with the session and the reply id; the same tap takes it back', async () => {
    const reply = makeReply();
    const { user, dialog, calls } = await openChat({
      [ASK]: streamReply([sseEvent('done', reply)]),
      [FEEDBACK]: (init) =>
        envelope({
          id: reply.id,
          rating: (JSON.parse(String(init.body)) as { rating: unknown }).rating,
        }),
    });
    await user.type(questionBox(), 'What makes ATP?{Enter}');
    const log = within(dialog).getByRole('log', { name: 'Trial conversation' });
    await within(log).findByRole('article', { name: 'Answer' });
    const rating = within(within(log).getByRole('group', { name: 'Rate this answer' }));
    const helpful = rating.getByRole('button', { name: 'Helpful' });

    await user.click(helpful);
    expect(helpful).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(feedbackCalls(calls)).toHaveLength(1));
    await user.click(rating.getByRole('button', { name: 'Not helpful' }));
    await waitFor(() => expect(feedbackCalls(calls)).toHaveLength(2));
    await user.click(rating.getByRole('button', { name: 'Not helpful' }));
    await waitFor(() => expect(feedbackCalls(calls)).toHaveLength(3));
    expect(helpful).toHaveAttribute('aria-pressed', 'false');

    expect(feedbackCalls(calls).map((c) => c.body)).toEqual([
      { session_id: SAVED_ID, reply_id: reply.id, rating: 'helpful' },
      { session_id: SAVED_ID, reply_id: reply.id, rating: 'not_helpful' },
      { session_id: SAVED_ID, reply_id: reply.id, rating: null },
    ]);
  });

  it('a session gone on rating rolls the rating back and says to upload again', async () => {
    const { user, dialog } = await openChat({
      [ASK]: envelope(makeReply()),
      [FEEDBACK]: failure('NOT_FOUND', TRIAL_MESSAGES.serverSessionMissing),
    });
    await user.type(questionBox(), 'What makes ATP?{Enter}');
    const log = within(dialog).getByRole('log', { name: 'Trial conversation' });
    await within(log).findByRole('article', { name: 'Answer' });
    const helpful = within(log).getByRole('button', { name: 'Helpful' });
    await user.click(helpful);
    expect(await within(log).findByText(TRIAL_MESSAGES.sessionExpired)).toBeInTheDocument();
    expect(helpful).toHaveAttribute('aria-pressed', 'false');
  });
});
