import {
  apiToken,
  createClassWithSyllabus,
  createTeacher,
  expect,
  expectAccessible,
  signIn,
  startTrial,
  test,
} from './fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day `offset` days from `from`, as the syllabus writes it ("Nov 28") and as YYYY-MM-DD. */
function day(from: Date, offset: number) {
  const date = new Date(from.getTime() + offset * DAY_MS);
  return {
    iso: date.toISOString().slice(0, 10),
    written: date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    /** "Sat, Nov 28", as the web and the answers show it */
    shown: date.toLocaleDateString('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
  };
}

/**
 * The schedule's days, from the real today (UTC, the class's zone): a problem set two weeks ago,
 * an essay due this week (tomorrow, or today on a Sunday: the week runs Monday to Sunday), and
 * the midterm on the 10th of next month.
 */
function schedule(now = new Date()) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sunday = today.getUTCDay() === 0;
  const midterm = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 10));
  return {
    today: day(today, 0),
    past: day(today, -14),
    essay: day(today, sunday ? 0 : 1),
    midterm: day(midterm, 0),
    termStart: day(today, -60),
    termEnd: day(today, 120),
  };
}

test.describe('dates @mobile', () => {
  test('a teacher sees and corrects the dates of the syllabus; a student sees what is coming up and asks what is due this week', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const days = schedule();
    const teacher = await createTeacher('incomplete_signup');
    await startTrial(request, teacher);
    const token = await apiToken(request, teacher);
    const cls = await createClassWithSyllabus(request, token, {
      className: 'The Atlantic World',
      syllabusTitle: 'Course Syllabus',
      syllabus: `# HIST 210: The Atlantic World

## Schedule
- ${days.past.written}: Problem set 1 due
- ${days.essay.written}: Essay 2 due at the start of class
- ${days.midterm.written}: Midterm exam in class

## Grading
Essays 40%, midterm 25%, final exam 35%.
`,
      fields: {
        term_start: days.termStart.iso,
        term_end: days.termEnd.iso,
        time_zone: 'UTC',
      },
    });
    const viewport = page.viewportSize()!;

    await signIn(page, teacher);
    await expect(page).toHaveURL(/\/dashboard$/);
    const card = page.getByRole('article', { name: 'The Atlantic World' });
    await expect(card).toContainText(`Next: Essay 2`);
    await expect(card).toContainText(days.essay.shown);

    // Edit class holds the term and the time zone; Escape gives focus back to the menu
    const menu = card.getByRole('button', { name: 'More actions for The Atlantic World' });
    await menu.click();
    await page.getByRole('menuitem', { name: 'Edit class' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit class' });
    await expect(edit.getByLabel(/Term starts/)).toHaveValue(days.termStart.iso);
    await expect(edit.getByLabel(/Term ends/)).toHaveValue(days.termEnd.iso);
    await expect(edit.getByLabel('Time zone')).toHaveValue('UTC');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
    await expect(menu).toBeFocused();

    // Review Course → Course facts → Dates
    await card.getByRole('button', { name: 'Review course' }).click();
    const review = page.getByRole('dialog', { name: 'Review Course' });
    await review.getByRole('tab', { name: 'Course facts' }).click();
    const dates = review.getByRole('region', { name: /^Dates/ });
    await expect(dates.getByText(/^Today is /)).toContainText(
      new Date(`${days.today.iso}T00:00:00Z`).toLocaleDateString('en-US', {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      }),
    );
    const upcoming = dates.getByRole('list', { name: 'Upcoming dates' });
    const essay = upcoming.getByRole('listitem', { name: new RegExp(`^Essay 2 due`) });
    await expect(essay).toContainText(days.essay.shown);
    await expect(essay.getByText('Due', { exact: true })).toBeVisible();
    const midterm = upcoming.getByRole('listitem', { name: /^Midterm exam/ });
    await expect(midterm).toContainText(days.midterm.shown);
    await expect(midterm.getByText('Exam', { exact: true })).toBeVisible();
    await expect(dates.getByRole('button', { name: 'Show 1 past date' })).toBeVisible();
    await expectAccessible(page);

    // the midterm moves to another room: corrected with the keyboard
    await midterm.getByRole('button', { name: /^Edit Midterm exam/ }).focus();
    await page.keyboard.press('Enter');
    const correct = page.getByRole('dialog', { name: 'Correct this date' });
    const title = correct.getByLabel('What happens');
    await title.fill('');
    await correct.getByRole('button', { name: 'Save' }).click();
    await expect(correct.getByText('Say what happens on this date.')).toBeVisible();
    await title.fill('Midterm exam in Hale 101');
    await expectAccessible(page);
    await title.press('Enter');
    await expect(correct).toBeHidden();
    const corrected = upcoming.getByRole('listitem', {
      name: `Midterm exam in Hale 101, ${days.midterm.shown}`,
    });
    await expect(corrected.getByText('Your correction')).toBeVisible();
    await expect(
      corrected.getByRole('button', {
        name: `Edit Midterm exam in Hale 101, ${days.midterm.shown}`,
      }),
    ).toBeFocused();

    // nothing is cut off or wider than the screen
    for (const button of await corrected.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await expect(review).toBeHidden();

    // a student: the essay is coming up
    await page.goto(`/chat/${cls.chatUuid}`);
    const comingUp = page.getByRole('region', { name: /Coming up/ });
    const toggle = comingUp.getByRole('button', { name: 'Coming up: 1 this week' });
    await expect(toggle).toBeVisible();
    if (viewport.width < 640) {
      // one line on a phone, the question box in view; opened with a tap
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByLabel('Your question')).toBeInViewport();
      await toggle.click();
    }
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const coming = comingUp.getByRole('listitem');
    await expect(coming).toHaveCount(1);
    await expect(coming).toContainText(days.essay.shown);
    await expect(coming).toContainText('Essay 2');
    await expect(coming.getByText('Due', { exact: true })).toBeVisible();
    await expectAccessible(page);

    const thread = page.getByRole('log', { name: 'Conversation' });
    const box = page.getByLabel('Your question');
    const ask = async (question: string) => {
      const before = await thread.getByRole('article').count();
      await box.fill(question);
      await box.press('Enter');
      await expect(thread.getByRole('article')).toHaveCount(before + 1, { timeout: 20_000 });
      await expect(thread).not.toHaveAttribute('aria-busy', 'true');
      return thread.getByRole('article').last();
    };
    const due = await ask("what's due this week?");
    await expect(due).toContainText('Essay 2');
    await expect(due).not.toContainText('Problem set 1');
    await expect(page.getByLabel('Your question')).toBeInViewport();

    // the next exam, as the teacher corrected it: an answer, listed by day
    const exam = await ask('when is the next exam?');
    await expect(exam).toContainText('Midterm exam in Hale 101');
    await expect(exam).toContainText(days.midterm.shown);
    await expectAccessible(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });
});
