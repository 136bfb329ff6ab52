import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Analytics, ClassItem } from '@app/contracts';
import { makeUsage, ok } from '@/test/billing-fixtures';
import { makeClass } from '@/test/class-fixtures';
import { makeUser, mockApi, seedSession } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

type Routes = Parameters<typeof mockApi>[0];

const DAYS = ['2025-03-14', '2025-03-15', '2025-03-16', '2025-03-17', '2025-03-18'];

function makeAnalytics(classId: string, overrides: Partial<Analytics> = {}): Analytics {
  const perDay: Record<string, [number, number]> = { '2025-03-17': [0, 1], '2025-03-18': [2, 1] };
  return {
    class_id: classId,
    range: { from: DAYS[0]!, to: DAYS[DAYS.length - 1]!, days: 30, time_zone: 'UTC' },
    totals: {
      questions: 4,
      answered: 2,
      not_answered: 2,
      not_helpful: 1,
      contact_requests: 3,
      pending_requests: 1,
      avg_response_time_ms: 1250,
    },
    per_day: DAYS.map((date) => {
      const [answered, notAnswered] = perDay[date] ?? [0, 0];
      return {
        date,
        questions: answered + notAnswered,
        answered,
        not_answered: notAnswered,
      };
    }),
    by_hour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      questions: hour === 14 ? 3 : hour === 9 ? 1 : 0,
    })),
    top_questions: [
      { question: 'When is the midterm?', count: 2, last_asked_at: '2025-03-18T10:00:00.000Z' },
      { question: 'Is there a field trip?', count: 2, last_asked_at: '2025-03-17T23:30:00.000Z' },
    ],
    unanswered_questions: [
      { question: 'Is there a field trip?', count: 2, last_asked_at: '2025-03-17T23:30:00.000Z' },
    ],
    content_usage: [
      { content_id: 'c1', title: 'Syllabus', content_type: 'syllabus', citations: 2 },
      { content_id: 'c2', title: 'Zoology reading', content_type: 'additional', citations: 0 },
    ],
    contact_requests_per_day: DAYS.map((date) => ({
      date,
      requests: date === '2025-03-18' ? 3 : 0,
    })),
    date_questions: [],
    assistant_check: { answered_from_checks: 0, asked_unchecked: [] },
    counted_at: '2025-03-18T14:05:09.000Z',
    ...overrides,
  };
}

let bio: ClassItem;
let chem: ClassItem;

beforeEach(() => {
  bio = makeClass({ class_name: 'Biology', course_code: 'BIO 101', semester: 'Fall', year: 2025 });
  chem = makeClass({
    class_name: 'Chemistry',
    course_code: 'CHEM 110',
    semester: 'Fall',
    year: 2025,
  });
});

function signedIn(routes: Routes = {}, classes = [chem, bio]) {
  seedSession();
  return mockApi({
    'GET /auth/profile': ok({ user: makeUser() }),
    'GET /classes': ok({ classes, billing_summary: makeUsage({ season_name: 'Fall 2025' }) }),
    [`GET /chat/analytics/${bio.id}`]: ok(makeAnalytics(bio.id)),
    [`GET /chat/analytics/${chem.id}`]: ok(makeAnalytics(chem.id)),
    ...routes,
  });
}

/** The query strings of the analytics calls made so far. */
function analyticsQueries(): URLSearchParams[] {
  return vi
    .mocked(globalThis.fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.startsWith('/api/chat/analytics/'))
    .map((url) => {
      const params = new URLSearchParams(url.search);
      params.set('class_id', url.pathname.split('/').pop()!);
      return params;
    });
}

const user = userEvent.setup();

describe('Analytics page', () => {
  it("shows the class's figures: stat cards, charts, questions and material", async () => {
    signedIn();
    renderApp(`/analytics?class_id=${bio.id}`);

    expect(await screen.findByRole('heading', { level: 2, name: 'Biology' })).toBeInTheDocument();
    // when the server counted these figures, in the teacher's time
    const counted = await screen.findByText(/^\d{1,2}:\d{2} [AP]M$/, { selector: 'time' });
    expect(counted).toHaveAttribute('datetime', '2025-03-18T14:05:09.000Z');
    expect(counted.closest('p')).toHaveTextContent(/Times in .+ · Updated \d{1,2}:\d{2} [AP]M$/);
    const stat = (label: string) =>
      screen.getByText(label, { selector: 'dt > span' }).closest('dt')!.nextElementSibling!;
    await screen.findByText('Questions', { selector: 'dt > span' });
    expect(stat('Questions')).toHaveTextContent('4asked by students');
    expect(stat('Answered')).toHaveTextContent('50%from the material: 2 of 4');
    expect(stat('Not covered')).toHaveTextContent('2not in the material');
    // students' ratings, counted apart from answered and not covered, with the way to them
    expect(stat('Marked not helpful')).toHaveTextContent(/^1Review answers/);
    expect(
      within(stat('Marked not helpful') as HTMLElement).getByRole('link', {
        name: 'Review answers marked not helpful',
      }),
    ).toHaveAttribute('href', `/chats?class=${bio.id}&filter=not_helpful`);
    expect(stat('Contact requests')).toHaveTextContent('31 pending');
    expect(stat('Response time')).toHaveTextContent('1.3 son average');

    expect(screen.getByRole('group', { name: 'Questions per day chart' })).toBeInTheDocument();
    expect(
      screen.getByText('Busiest day: Tue, Mar 18, 2025 with 3 questions.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Busiest hour: 2 PM – 3 PM.')).toBeInTheDocument();
    expect(screen.getByText('3 requests, 1 pending.')).toBeInTheDocument();

    const top = screen.getByRole('list', { name: 'Most asked questions' });
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1When is the midterm?Last asked Mar 18, 20252 times',
      '2Is there a field trip?Last asked Mar 17, 20252 times',
    ]);
    const unanswered = screen.getByRole('list', { name: 'Unanswered questions' });
    expect(within(unanswered).getByText('Is there a field trip?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Answer them' })).toHaveAttribute(
      'href',
      `/chats?class=${bio.id}&view=unanswered`,
    );

    const material = screen.getByRole('table', { name: 'Material usage: citations per item' });
    const rows = within(material).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Syllabus');
    expect(rows[0]).toHaveTextContent('2');
    expect(within(rows[1]!).getByText('Never cited')).toBeInTheDocument();

    // the browser's zone and the default range went to the server
    const [query] = analyticsQueries();
    expect(query!.get('class_id')).toBe(bio.id);
    expect(query!.get('days')).toBe('30');
    expect(query!.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('with no answer marked not helpful, shows 0 and no link; the answered share is unchanged', async () => {
    const base = makeAnalytics(bio.id);
    signedIn({
      [`GET /chat/analytics/${bio.id}`]: ok({
        ...base,
        totals: { ...base.totals, answered: 3, not_answered: 1, not_helpful: 0 },
      }),
    });
    renderApp(`/analytics?class_id=${bio.id}`);
    const notHelpful = (
      await screen.findByText('Marked not helpful', { selector: 'dt > span' })
    ).closest('dt')!.nextElementSibling!;
    expect(notHelpful).toHaveTextContent('0by students');
    expect(screen.queryByRole('link', { name: /marked not helpful/ })).toBeNull();
    const answered = screen
      .getByText('Answered', { selector: 'dt > span' })
      .closest('dt')!.nextElementSibling!;
    expect(answered).toHaveTextContent('75%from the material: 3 of 4');
  });

  it('Checked answers: how many were answered from them, and the asked questions not checked, with Check them', async () => {
    signedIn({
      [`GET /chat/analytics/${bio.id}`]: ok(
        makeAnalytics(bio.id, {
          assistant_check: {
            answered_from_checks: 7,
            asked_unchecked: [
              { id: 'late_work', question: 'What happens if I turn in work late?', count: 3 },
              { id: 'final', question: 'When is the final exam?', count: 1 },
            ],
          },
        }),
      ),
      [`GET /content/class/${bio.id}`]: ok({ contents: [] }),
      [`GET /classes/${bio.id}/assistant-check`]: ok({ items: [], checked: 0, total: 20 }),
    });
    const { router } = renderApp(`/analytics?class_id=${bio.id}`);
    const section = within(
      await screen.findByRole('region', { name: 'Checked answers' }, { timeout: 4000 }),
    );
    expect(section.getByText('7')).toBeInTheDocument();
    expect(section.getByText(/questions answered from your checked answers/)).toBeInTheDocument();
    const asked = within(section.getByRole('list', { name: 'Asked, not checked' }));
    expect(asked.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'What happens if I turn in work late?3 times',
      'When is the final exam?1 time',
    ]);
    const check = section.getByRole('link', { name: 'Check them' });
    expect(check).toHaveAttribute('href', `/dashboard?review=${bio.id}&tab=check`);
    // the dashboard opens this class's Review Course on the check
    await user.click(check);
    const review = within(await screen.findByRole('dialog', { name: 'Review Course' }));
    expect(review.getByRole('tab', { name: /^Check your assistant/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      review.getByText('What the assistant knows about Biology (BIO 101) · Fall 2025.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('Checked answers with every asked question checked says so, with no Check them', async () => {
    signedIn();
    renderApp(`/analytics?class_id=${bio.id}`);
    const section = within(
      await screen.findByRole('region', { name: 'Checked answers' }, { timeout: 4000 }),
    );
    expect(
      section.getByText('Every common question students asked in this period is checked.'),
    ).toBeInTheDocument();
    expect(section.queryByRole('link', { name: 'Check them' })).toBeNull();
  });

  it('Date questions: the kinds students asked about, in teacher words, most asked first', async () => {
    signedIn({
      [`GET /chat/analytics/${bio.id}`]: ok(
        makeAnalytics(bio.id, {
          date_questions: [
            { kind: 'next_exam', count: 2 },
            { kind: 'this_week', count: 5 },
            { kind: 'weekday', count: 1 },
            { kind: 'tomorrow', count: 0 },
          ],
        }),
      ),
    });
    renderApp(`/analytics?class_id=${bio.id}`);
    const section = within(
      await screen.findByRole('region', { name: 'Date questions' }, { timeout: 4000 }),
    );
    expect(
      section.getByText('8 questions about days and deadlines, last 30 days.'),
    ).toBeInTheDocument();
    const kinds = within(section.getByRole('list', { name: 'Date questions by kind' }));
    expect(kinds.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'This week · , such as “What’s due this week?”5 questions',
      'Next exam · , such as “When is the next exam?”2 questions',
      'A weekday · , such as “Is there class on Monday?”1 question',
    ]);
  });

  it('Date questions says so when none were asked', async () => {
    signedIn();
    renderApp(`/analytics?class_id=${bio.id}`);
    const section = within(
      await screen.findByRole('region', { name: 'Date questions' }, { timeout: 4000 }),
    );
    expect(section.getByText('No date questions in this period.')).toBeInTheDocument();
    expect(section.queryByRole('list')).toBeNull();
  });

  it('the Table toggle shows the same numbers in a real table', async () => {
    signedIn();
    renderApp(`/analytics?class_id=${bio.id}`);
    const toggle = await screen.findByRole('button', {
      name: 'Table view of questions per day',
    });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    const table = screen.getByRole('table', { name: 'Questions per day' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Day', 'Answered from material', 'Not in material', 'Total']);
    const row = within(table).getByRole('row', { name: /Tue, Mar 18, 2025/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['2', '1', '3']);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + DAYS.length);

    await user.click(screen.getByRole('button', { name: 'Table view of busiest hours' }));
    const hours = screen.getByRole('table', { name: 'Busiest hours' });
    const twoPm = within(hours).getByRole('row', { name: /^2 PM – 3 PM/ });
    expect(within(twoPm).getByRole('cell')).toHaveTextContent('3');

    await user.click(toggle);
    expect(screen.queryByRole('table', { name: 'Questions per day' })).toBeNull();
  });

  it('reads each bar out with the arrow keys', async () => {
    signedIn();
    renderApp(`/analytics?class_id=${bio.id}`);
    const chart = await screen.findByRole('group', { name: 'Questions per day chart' });
    chart.focus();
    await user.keyboard('{End}');
    expect(chart).toHaveAccessibleDescription(
      expect.stringContaining(
        'Tue, Mar 18, 2025: 3 questions (answered from material: 2, not in material: 1)',
      ),
    );
    await user.keyboard('{ArrowLeft}');
    expect(chart).toHaveAccessibleDescription(
      expect.stringContaining('Mon, Mar 17, 2025: 1 question'),
    );
    // every bar carries the same text as a tooltip
    expect(chart.querySelector('[title^="Fri, Mar 14, 2025: 0 questions"]')).not.toBeNull();
  });

  it('without a class in the link, preselects the first class; the picker and range update the URL', async () => {
    signedIn();
    const { router } = renderApp('/analytics');
    const picker = await screen.findByRole('combobox', { name: 'Class' });
    // classes are ordered by name within their season: Biology before Chemistry
    expect(picker).toHaveValue(bio.id);
    expect(await screen.findByRole('heading', { level: 2, name: 'Biology' })).toBeInTheDocument();

    await user.selectOptions(picker, chem.id);
    await waitFor(() => expect(router.state.location.search).toBe(`?class_id=${chem.id}`));
    expect(await screen.findByRole('heading', { level: 2, name: 'Chemistry' })).toBeInTheDocument();
    await waitFor(() => expect(analyticsQueries().at(-1)!.get('class_id')).toBe(chem.id));

    const range = screen.getByRole('group', { name: 'Period' });
    expect(within(range).getByRole('button', { name: '30d: Last 30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(range).getByRole('button', { name: '7d: Last 7 days' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?class_id=${chem.id}&days=7`));
    await waitFor(() => expect(analyticsQueries().at(-1)!.get('days')).toBe('7'));
    expect(within(range).getByRole('button', { name: '7d: Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('without a class in the link, opens on this term’s class with questions, not next term’s empty copy', async () => {
    const day = (offset: number) =>
      new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const year = new Date().getUTCFullYear();
    const current = makeClass({
      class_name: 'Genetics',
      semester: 'Fall',
      year,
      term_start: day(-60),
      term_end: day(60),
      time_zone: 'UTC',
      question_count: 12,
    });
    // listed first (next year), named first, and its term not begun: no questions yet
    const copy = makeClass({
      class_name: 'Anatomy',
      semester: 'Spring',
      year: year + 1,
      term_start: day(90),
      term_end: day(200),
      time_zone: 'UTC',
      question_count: 0,
    });
    signedIn({ [`GET /chat/analytics/${current.id}`]: ok(makeAnalytics(current.id)) }, [
      copy,
      current,
    ]);
    renderApp('/analytics');
    const picker = await screen.findByRole('combobox', { name: 'Class' });
    expect(picker).toHaveValue(current.id);
    expect(await screen.findByRole('heading', { level: 2, name: 'Genetics' })).toBeInTheDocument();
    expect(analyticsQueries().map((q) => q.get('class_id'))).toEqual([current.id]);
  });

  it('with no classes, points to the dashboard', async () => {
    signedIn({}, []);
    renderApp('/analytics');
    expect(await screen.findByRole('heading', { name: 'No classes yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Classes' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(analyticsQueries()).toHaveLength(0);
  });

  it('says so when no questions were asked in the period, with the share link', async () => {
    const empty = makeAnalytics(bio.id, {
      totals: {
        questions: 0,
        answered: 0,
        not_answered: 0,
        not_helpful: 0,
        contact_requests: 0,
        pending_requests: 0,
        avg_response_time_ms: null,
      },
    });
    signedIn({ [`GET /chat/analytics/${bio.id}`]: ok(empty) });
    renderApp(`/analytics?class_id=${bio.id}`);
    expect(
      await screen.findByRole('heading', { name: 'No questions in the last 30 days' }),
    ).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/chat/${bio.chat_uuid}`)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Questions per day chart' })).toBeNull();
  });

  it('shows an error with Try again, which loads the figures', async () => {
    let fail = true;
    signedIn({
      [`GET /chat/analytics/${bio.id}`]: () =>
        fail
          ? { status: 500, body: { success: false, detail: 'Database unavailable', code: 'X' } }
          : ok(makeAnalytics(bio.id)),
    });
    renderApp(`/analytics?class_id=${bio.id}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Analytics could not be loaded');
    expect(alert).toHaveTextContent('Database unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('group', { name: 'Questions per day chart' }),
    ).toBeInTheDocument();
  });

  it('Export CSV downloads the class conversations through a temporary link', async () => {
    const calls = signedIn({
      [`GET /chat/conversations/${bio.id}/export`]: { body: 'question,response' },
    });
    const createObjectURL = vi
      .spyOn(URL, 'createObjectURL')
      .mockImplementation(() => 'blob:conversations');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });

    renderApp(`/analytics?class_id=${bio.id}`);
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(calls.some((c) => c.path === `/chat/conversations/${bio.id}/export`)).toBe(true);
    expect(createObjectURL.mock.calls[0]![0]).toBeInstanceOf(Blob);
    expect(clicked[0]!.href).toBe('blob:conversations');
    expect(clicked[0]!.download).toMatch(/^bio-101-conversations-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(clicked[0]!.isConnected).toBe(false);
  });

  it("a failed export is toasted with the server's reason", async () => {
    signedIn({
      [`GET /chat/conversations/${bio.id}/export`]: {
        status: 404,
        body: { success: false, detail: 'Class not found', code: 'NOT_FOUND' },
      },
    });
    renderApp(`/analytics?class_id=${bio.id}`);
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText('Failed to export conversations: Class not found'),
    ).toBeInTheDocument();
  });
});
