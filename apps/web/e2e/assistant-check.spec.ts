import { CHECK_MESSAGES } from '@app/contracts';
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

const SYLLABUS = `# PSYC 210: Research Methods

## Instructor

Dr. Maria Lopez, maria.lopez@uni.test

## Office Hours

Office hours are Tuesdays 2:00-4:00 PM in Room 310 of Hale Hall.

## Exams

The midterm exam is on October 14. The final exam is on December 12 at 9:00 AM.

## Late Work

Late assignments lose 10% per day and are not accepted after three days.
`;

/** The same syllabus with the office hours moved: the confirmed passage is gone. */
const CHANGED = SYLLABUS.replace(
  'Office hours are Tuesdays 2:00-4:00 PM in Room 310 of Hale Hall.',
  'Office hours are Thursdays 1:00-2:00 PM on Zoom.',
);

const FINAL_ANSWER = 'The final exam is on Friday, December 12 at 9:00 AM in Hale Hall 101.';

test.describe('check your assistant @mobile', () => {
  test('a teacher checks the assistant; students asking in their own words get the checked answers; a new syllabus asks for a new look', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const teacher = await createTeacher('incomplete_signup');
    await startTrial(request, teacher);
    const token = await apiToken(request, teacher);
    const cls = await createClassWithSyllabus(request, token, {
      className: 'Research Methods',
      syllabusTitle: 'Course Syllabus',
      syllabus: SYLLABUS,
    });
    const viewport = page.viewportSize()!;

    await signIn(page, teacher);
    await expect(page).toHaveURL(/\/dashboard$/);
    const card = page.getByRole('article', { name: 'Research Methods' });
    await expect(card).toContainText('Assistant checked: 0 of 20');

    // Review Course → Check your assistant
    await card.getByRole('button', { name: 'Review course' }).click();
    const review = page.getByRole('dialog', { name: 'Review Course' });
    await review.getByRole('tab', { name: /^Check your assistant/ }).click();
    const questions = review.getByRole('list', { name: 'Questions students ask' });
    await expect(questions.getByRole('listitem')).toHaveCount(20, { timeout: 30_000 });
    await expect(review.getByText('0 of 20 checked')).toBeVisible();
    await expectAccessible(page);

    // the office hours as the syllabus says them: confirmed, with the keyboard
    const hours = questions.getByRole('listitem', { name: 'When are the office hours?' });
    await expect(hours).toContainText('Tuesdays');
    await expect(hours).toContainText('Course Syllabus');
    await hours.getByRole('button', { name: 'Confirm: When are the office hours?' }).focus();
    await page.keyboard.press('Enter');
    await expect(hours.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(
      hours.getByRole('button', { name: 'Edit: When are the office hours?' }),
    ).toBeFocused();
    await expect(review.getByText('1 of 20 checked')).toBeVisible();

    // the final exam in the teacher's words
    const final = questions.getByRole('listitem', { name: 'When is the final exam?' });
    const editFinal = final.getByRole('button', { name: 'Edit: When is the final exam?' });
    await editFinal.click();
    const write = page.getByRole('dialog', { name: 'Write the answer' });
    const answer = write.getByLabel('Your answer');
    await expect(answer).toBeFocused();
    await answer.fill('');
    await write.getByRole('button', { name: 'Save answer' }).click();
    await expect(write.getByText(CHECK_MESSAGES.answerRequired)).toBeVisible();
    await answer.fill(FINAL_ANSWER);
    await expectAccessible(page);
    await write.getByRole('button', { name: 'Save answer' }).click();
    await expect(write).toBeHidden();
    await expect(final.getByText('Your answer', { exact: true })).toBeVisible();
    await expect(final).toContainText(FINAL_ANSWER);
    await expect(editFinal).toBeFocused();

    // extra credit: not in this course
    const credit = questions.getByRole('listitem', { name: 'Is there extra credit?' });
    await credit.getByRole('button', { name: 'Not covered: Is there extra credit?' }).click();
    await expect(credit.getByText('Not covered', { exact: true })).toBeVisible();
    await expect(review.getByText('3 of 20 checked')).toBeVisible();
    await expect(review.getByRole('tab', { name: /^Check your assistant/ })).toContainText('3/20');

    // a question of the teacher's own; one already on the list is refused
    const own = review.getByLabel('Add your own question');
    await own.fill('When are the office hours');
    await own.press('Enter');
    await expect(own).toHaveAccessibleDescription(new RegExp(CHECK_MESSAGES.alreadyListed));
    await own.fill('Are the lecture slides posted online?');
    await review.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(
      review.getByRole('list', { name: 'Your questions' }).getByRole('listitem'),
    ).toHaveCount(1);
    await expect(own).toHaveValue('');
    await expectAccessible(page);

    // nothing is cut off or wider than the screen
    for (const button of await hours.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    await page.keyboard.press('Escape');
    await expect(review).toBeHidden();
    await expect(card).toContainText('Assistant checked: 3 of 20');

    // a student asks the same things in other words
    await page.goto(`/chat/${cls.chatUuid}`);
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

    const hoursReply = await ask('what time are office hours');
    await expect(hoursReply.getByText('Checked by your teacher')).toBeVisible();
    await expect(hoursReply).toContainText('Tuesdays');

    const finalReply = await ask("when's the final");
    await expect(finalReply.getByText('Checked by your teacher')).toBeVisible();
    await expect(finalReply).toContainText(FINAL_ANSWER);

    const creditReply = await ask('is there any extra credit');
    await expect(creditReply.getByText('Checked by your teacher')).toBeVisible();
    await expect(creditReply).toContainText(CHECK_MESSAGES.notCovered);
    await expect(creditReply.getByRole('button', { name: 'Contact Teacher' })).toBeVisible();
    await expectAccessible(page);

    // the teacher replaces the syllabus: the office hours moved
    await page.goto('/dashboard');
    await card.getByRole('button', { name: 'Add content' }).click();
    const add = page.getByRole('dialog', { name: 'Add Content' });
    await add.getByRole('button', { name: /Add New Syllabus/ }).click();
    await add.getByLabel('Title').fill('Course Syllabus');
    await add.getByLabel('Content file').setInputFiles({
      name: 'syllabus.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(CHANGED, 'utf8'),
    });
    await add.getByRole('button', { name: 'Add Content' }).click();
    await expect(add).toBeHidden({ timeout: 60_000 });
    await expect(card).toContainText('1 needs a new look');

    await card.getByRole('button', { name: 'Review course' }).click();
    await review.getByRole('tab', { name: /^Check your assistant/ }).click();
    const moved = review.getByRole('listitem', { name: 'When are the office hours?' });
    await expect(moved.getByText('Needs a new look', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(review.getByText('· 1 needs a new look')).toBeVisible();
    await expect(moved.getByText('Your checked answer')).toBeVisible();
    await expect(moved).toContainText('Tuesdays');
    await expect(moved.getByText('The reply now')).toBeVisible();
    await expect(moved).toContainText('Thursdays');
    // the teacher's own words stand
    await expect(
      review.getByRole('listitem', { name: 'When is the final exam?' }).getByText('Your answer', {
        exact: true,
      }),
    ).toBeVisible();
    await expectAccessible(page);
  });
});
