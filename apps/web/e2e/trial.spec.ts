import type { Page } from '@playwright/test';
import { TRIAL_MESSAGES } from '@app/contracts';
import { expect, expectAccessible, sql, test } from './fixtures';
import { syllabusPdf } from './support/syllabus-pdf';

/** The visitor asks one question in the trial dialog and waits for its answer. */
async function ask(page: Page, question: string) {
  const dialog = page.getByRole('dialog', { name: 'Try it with your document' });
  const answers = dialog.getByRole('log', { name: 'Trial conversation' }).getByRole('article');
  const before = await answers.count();
  const box = dialog.getByLabel('Ask about your document');
  await box.fill(question);
  await box.press('Enter');
  await expect(answers).toHaveCount(before + 1);
  return answers.last();
}

test.describe('the no-signup trial @mobile', () => {
  test('a visitor drops a PDF syllabus on the landing page, asks until the ten questions are used, and is offered sign-up', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await page.getByLabel('Try it with one of your documents').setInputFiles({
      name: 'cell-biology-syllabus.pdf',
      mimeType: 'application/pdf',
      buffer: syllabusPdf(),
    });
    const dialog = page.getByRole('dialog', { name: 'Try it with your document' });
    const documentCard = dialog.getByRole('region', { name: 'Your document' });
    // the upload is read, chunked and indexed (facts, lexicon) before the card shows: seconds on a
    // busy machine
    await expect(documentCard.getByText('cell-biology-syllabus.pdf')).toBeVisible({
      timeout: 30_000,
    });
    await expect(documentCard.getByText(/words/)).toBeVisible();
    await expect(dialog.getByText('10 questions left')).toBeVisible();
    await expectAccessible(page);

    // two questions the syllabus answers, each with its source
    const grading = await ask(page, 'How is the final grade calculated?');
    await expect(grading).toContainText('lab reports (30%)');
    const source = grading.getByRole('button', { name: 'cell-biology-syllabus' });
    await source.click();
    await expect(
      grading.getByRole('region', { name: 'Quoted from cell-biology-syllabus' }),
    ).toContainText('the final exam (40%)');
    await expect(await ask(page, 'When is the midterm exam?')).toContainText('October 14');
    await expect(dialog.getByText('8 questions left')).toBeVisible();

    // the session is saved in the browser: after a reload, Try Me picks it up where it was
    const saved = await page.evaluate(() => localStorage.getItem('trial_data'));
    expect(JSON.parse(saved!)).toMatchObject({
      questions_left: 8,
      document: { file_name: 'cell-biology-syllabus.pdf' },
    });
    await page.reload();
    await page.getByRole('button', { name: /Try Me/ }).click();
    await expect(documentCard.getByText('cell-biology-syllabus.pdf')).toBeVisible();
    await expect(dialog.getByText('8 questions left')).toBeVisible();

    // one the document does not cover says so
    const off = await ask(page, 'Is there parking near the stadium?');
    await expect(off).toContainText(TRIAL_MESSAGES.notInDocument);
    await expectAccessible(page);

    // the rest of the ten, then the sign-up prompt instead of the question box
    for (let i = 0; i < 7; i += 1) await ask(page, `Which textbook do I need? (${i + 1})`);
    await expect(dialog.getByText('0 questions left')).toBeVisible();
    await expect(dialog.getByLabel('Ask about your document')).toHaveCount(0);
    await expect(dialog.getByText("You've used your 10 free questions")).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectAccessible(page);

    // the server holds the limit too
    const sessionId = JSON.parse(saved!).session_id as string;
    const eleventh = await page.request.post('/api/trial/chat', {
      data: { session_id: sessionId, question: 'One more?' },
    });
    expect(eleventh.status()).toBe(429);
    const [row] = await sql<{ questions_used: number }>(
      'SELECT questions_used FROM trial_sessions WHERE id = $1',
      [sessionId],
    );
    expect(row?.questions_used).toBe(10);

    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
  });

  test('Try Me refuses a file of the wrong type with SPEC’s message', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Try Me/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Try it with your document' });
    await expect(dialog.getByRole('button', { name: 'Choose a file' })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose a file' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'grades.xlsx',
      mimeType: 'application/vnd.ms-excel',
      buffer: Buffer.from('x'),
    });
    await expect(dialog.getByText(TRIAL_MESSAGES.fileType)).toBeVisible();
    await expectAccessible(page);
  });
});
