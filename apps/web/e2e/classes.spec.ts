import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTeacher, expect, expectAccessible, signIn, sql, startTrial, test } from './fixtures';

const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../api/test/fixtures',
);

test.describe('classes on the dashboard', () => {
  test('create with the wizard, add and review content, copy, deactivate and reactivate', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(120_000);
    const teacher = await createTeacher('incomplete_signup');
    await startTrial(request, teacher);
    await signIn(page, teacher);
    await expect(page).toHaveURL(/\/dashboard$/);

    // zero classes: the wizard opens by itself
    const wizard = page.getByRole('dialog', { name: 'Create New Class' });
    await expect(wizard).toBeVisible();
    await expect(wizard.getByText('Step 1 of 3: Class info & syllabus')).toBeVisible();
    await expectAccessible(page);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Class name is required')).toBeVisible();

    await wizard.getByLabel('Class name').fill('Cell Biology');
    await wizard.getByLabel(/Course code/).fill('BIO 201');
    await wizard.getByLabel('Semester').selectOption('Spring');
    await wizard.getByLabel('Year').selectOption('2026');
    await wizard.getByLabel('Syllabus file').setInputFiles(path.join(fixtures, 'text.pdf'));
    await expect(wizard.getByText('text.pdf')).toBeVisible();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Step 2 of 3: Additional content')).toBeVisible({
      timeout: 30_000,
    });
    await expectAccessible(page);

    await wizard.getByRole('button', { name: 'Add text entry' }).click();
    await wizard.getByLabel('Entry 1 title').fill('Office hours');
    await wizard.getByLabel('Entry 1 content').fill('Mondays 2-4 pm in Science Hall 101.');
    await wizard.getByRole('button', { name: 'Create Class' }).click();
    await expect(wizard.getByText('Step 3 of 3: Check your assistant')).toBeVisible();
    // step 3 checks the assistant: the standard questions, each asked through the real engine
    await expect(
      wizard.getByRole('list', { name: 'Questions students ask' }).getByRole('listitem'),
    ).toHaveCount(20, { timeout: 30_000 });
    await expect(wizard.getByText('0 of 20 checked')).toBeVisible();
    // and any other question can be tried
    await wizard.getByLabel('Your question').fill('Where is the lab?');
    await wizard.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(wizard.getByRole('button', { name: 'Test: Where is the lab?' })).toHaveText(
      'Test again',
    );
    await expectAccessible(page);
    await wizard.getByRole('button', { name: 'Finish' }).click();
    await expect(wizard).toBeHidden();

    const spring = page.getByRole('region', { name: 'Spring 2026' });
    const card = spring.getByRole('article', { name: 'Cell Biology' });
    await expect(card).toBeVisible();
    await expect(card.getByText('BIO 201')).toBeVisible();
    await expectAccessible(page);

    // Add Content: due dates as text
    await card.getByRole('button', { name: 'Add content' }).click();
    const add = page.getByRole('dialog', { name: 'Add Content' });
    await expect(add.getByText('This will replace any existing syllabus')).toBeVisible();
    await expectAccessible(page);
    await add.getByRole('button', { name: /Due dates/ }).click();
    await expect(add.getByRole('button', { name: 'Add Content' })).toBeDisabled();
    await add.getByLabel('Title').fill('Assignment deadlines');
    await add
      .getByLabel('Content')
      .fill('Lab report 1 is due October 3. The midterm essay is due October 24.');
    await expectAccessible(page);
    await add.getByRole('button', { name: 'Add Content' }).click();
    await expect(add).toBeHidden();
    await expect(card.getByText('Content', { exact: true }).locator('..')).toContainText('3');

    // Review Course: list, view, download
    await card.getByRole('button', { name: 'Review course' }).click();
    const review = page.getByRole('dialog', { name: 'Review Course' });
    await expect(review.getByText('Additional Content (2)')).toBeVisible();
    await expect(review.getByRole('article', { name: 'Assignment deadlines' })).toContainText(
      'Due Dates',
    );
    await expectAccessible(page);
    const downloadPromise = page.waitForEvent('download');
    await review.getByRole('button', { name: 'Download Assignment deadlines as text' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('Assignment deadlines.txt');
    expect(await fs.readFile(await download.path(), 'utf8')).toContain(
      'Lab report 1 is due October 3',
    );
    await review.getByRole('button', { name: 'View Assignment deadlines' }).click();
    const viewer = page.getByRole('dialog', { name: 'Assignment deadlines' });
    await expect(viewer.getByText('The midterm essay is due October 24.')).toBeVisible();
    // Escape closes the viewer, then Review Course
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(review).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(review).toBeHidden();

    // Copy Class
    const year = new Date().getFullYear();
    await card.getByRole('button', { name: 'More actions for Cell Biology' }).click();
    await page.getByRole('menuitem', { name: 'Copy class' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy Class' });
    await expect(copy.getByLabel('Class Name')).toHaveValue('Cell Biology - Copy');
    await expect(copy.getByLabel('Year')).toHaveValue(String(year));
    await expectAccessible(page);
    await copy.getByLabel('Semester').selectOption('Fall');
    await copy.getByRole('button', { name: 'Copy Class' }).click();
    await expect(copy).toBeHidden({ timeout: 30_000 });
    const copied = page
      .getByRole('region', { name: `Fall ${year}` })
      .getByRole('article', { name: 'Cell Biology - Copy' });
    await expect(copied).toBeVisible();
    await expect(copied.getByText('Content', { exact: true }).locator('..')).toContainText('3');

    // Deactivate, then reactivate from the overlay
    await card.getByRole('button', { name: 'More actions for Cell Biology' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const reactivate = card.getByRole('button', { name: 'Reactivate Class' });
    await expect(reactivate).toBeVisible();
    const rows = await sql<{ is_active: boolean }>(
      `SELECT c.is_active FROM classes c JOIN users u ON u.id = c.teacher_id
        WHERE c.class_name = $1 AND u.email = $2`,
      ['Cell Biology', teacher.email],
    );
    expect(rows.map((r) => r.is_active)).toEqual([false]);
    await expectAccessible(page);
    await reactivate.click();
    await expect(reactivate).toBeHidden();

    // Share link
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await card.getByRole('button', { name: 'Copy link: share link for Cell Biology' }).click();
    await expect(card.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/chat\/[0-9a-f-]{36}$/);
  });
});
