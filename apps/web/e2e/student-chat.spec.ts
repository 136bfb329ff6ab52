import { CHAT_MESSAGES } from '@app/contracts';
import {
  apiToken,
  createClassWithSyllabus,
  createTeacher,
  expect,
  expectAccessible,
  sql,
  startTrial,
  test,
  studentHeaders,
} from './fixtures';

const SYLLABUS = `# Cell Biology Syllabus

This course introduces the structure and function of cells, from membranes to metabolism.

# Grading

Your final grade is made of lab reports (30%), the midterm exam (30%) and the final exam (40%).

# Exams

The midterm exam is on October 14 in Science Hall 101. The final exam is on December 12.

# Office Hours

Professor Hopper holds office hours on Mondays from 2 to 4 pm in Science Hall 204.
`;

const SUGGESTED = [
  'When is the midterm exam?',
  'What are the office hours?',
  'How is the final grade calculated?',
];

test.describe('student chat @mobile', () => {
  test('a student asks, reads the source, uses a suggestion, contacts the teacher; deactivation closes the chat', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const teacher = await createTeacher('incomplete_signup');
    await startTrial(request, teacher);
    const token = await apiToken(request, teacher);
    const cls = await createClassWithSyllabus(request, token, {
      className: 'Cell Biology',
      description: 'Cells, membranes and metabolism.',
      syllabusTitle: 'Course Syllabus',
      syllabus: SYLLABUS,
    });
    const saved = await request.post('/api/chat/sample-questions', {
      headers: { Authorization: `Bearer ${token}` },
      data: { class_id: cls.id, questions: SUGGESTED },
    });
    expect(saved.ok(), await saved.text()).toBe(true);

    // the share link, opened with no account
    await page.setExtraHTTPHeaders(studentHeaders());
    await page.goto(`/chat/${cls.chatUuid}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Cell Biology' })).toBeVisible();
    await expect(page).toHaveTitle(/^Cell Biology/);
    await expect(page.getByText('Cells, membranes and metabolism.')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Professor Hopper');
    const chips = page.getByRole('list', { name: 'Suggested questions' }).getByRole('button');
    await expect(chips).toHaveText(SUGGESTED);
    // every chip whole: its text not cut, and inside the screen once scrolled to (on a phone
    // the chips are one row that scrolls sideways, one chip high)
    const viewport = page.viewportSize()!;
    for (const chip of await chips.all()) {
      await chip.scrollIntoViewIfNeeded();
      const box = (await chip.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await chip.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    if (viewport.width < 640) {
      const row = (await page.getByRole('list', { name: 'Suggested questions' }).boundingBox())!;
      const chip = (await chips.first().boundingBox())!;
      expect(row.height).toBeLessThan(chip.height * 2);
    }
    await expect(page.getByRole('button', { name: 'Contact Teacher' })).toHaveCount(0);
    await expectAccessible(page);

    // a question the material answers, with its source and the quoted passage
    const thread = page.getByRole('log', { name: 'Conversation' });
    const box = page.getByLabel('Your question');
    await box.fill('What is the grading breakdown?');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    const answer = thread.getByRole('article', { name: 'Answer' }).last();
    await expect(answer).toContainText('lab reports (30%)');
    const source = answer.getByRole('button', { name: /Course Syllabus/ });
    await expect(source).toHaveAttribute('aria-expanded', 'false');
    await source.click();
    await expect(source).toHaveAttribute('aria-expanded', 'true');
    await expect(answer.getByRole('region', { name: 'Quoted from Course Syllabus' })).toContainText(
      'the midterm exam (30%) and the final exam (40%)',
    );
    await expectAccessible(page);

    // a suggested question is asked, and moves to the front of the suggestions; the question the
    // student typed never became one
    await chips.filter({ hasText: 'What are the office hours?' }).click();
    await expect(thread.getByRole('article', { name: 'Answer' }).last()).toContainText(
      'Mondays from 2 to 4 pm',
    );
    await expect(chips).toHaveText([
      'What are the office hours?',
      ...SUGGESTED.filter((q) => q !== 'What are the office hours?'),
    ]);
    // nothing wider than the phone
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    // contact the teacher about the latest answer, from the link under the question box (an
    // excerpt's card offers it too)
    await page
      .getByRole('form', { name: 'Ask a question' })
      .getByRole('button', { name: 'Contact Teacher' })
      .click();
    const contact = page.getByRole('dialog', { name: 'Contact Teacher' });
    const send = contact.getByRole('button', { name: 'Send request' });
    await expect(send).toBeDisabled();
    await contact.getByLabel('Your email').fill('sam@student.test');
    await contact.getByLabel('What do you need help with?').fill('Too short');
    await send.click();
    await expect(contact.getByText(CHAT_MESSAGES.reasonLength)).toBeVisible();
    await contact
      .getByLabel('What do you need help with?')
      .fill('Can I come to office hours on a Tuesday instead?');
    await expectAccessible(page);
    await send.click();
    const sent = page.getByRole('dialog', { name: 'Request sent' });
    await expect(sent.getByText(/Your teacher has been notified/)).toBeVisible();
    const requests = await sql<{ student_email: string; request_reason: string; question: string }>(
      `SELECT r.student_email, r.request_reason, c.question
         FROM email_requests r JOIN conversations c ON c.id = r.conversation_id
        WHERE r.class_id = $1`,
      [cls.id],
    );
    expect(requests).toEqual([
      {
        student_email: 'sam@student.test',
        request_reason: 'Can I come to office hours on a Tuesday instead?',
        question: 'What are the office hours?',
      },
    ]);
    await sent.getByRole('button', { name: 'Done' }).click();
    await expect(sent).toBeHidden();

    // the teacher deactivates the class: asking now fails, and a reload shows the closed page
    const off = await request.put(`/api/classes/${cls.id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { is_active: false },
    });
    expect(off.ok(), await off.text()).toBe(true);
    await box.fill('When is the final exam?');
    await box.press('Enter');
    await expect(thread.getByText(CHAT_MESSAGES.classInactive)).toBeVisible();
    await expect(box).toBeDisabled();

    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'Class Temporarily Unavailable' }),
    ).toBeVisible();
    await expect(page.getByText(CHAT_MESSAGES.inactivePage)).toBeVisible();
    await expectAccessible(page);
  });

  test('an excerpt reads as the material quoted to check, with Contact Teacher in its card, on a phone too', async ({
    page,
    request,
  }) => {
    const teacher = await createTeacher('incomplete_signup');
    await startTrial(request, teacher);
    const token = await apiToken(request, teacher);
    const cls = await createClassWithSyllabus(request, token, {
      className: 'Cell Biology',
      description: 'Cells, membranes and metabolism.',
      syllabusTitle: 'Course Syllabus',
      syllabus: `${SYLLABUS}
# Lab safety

Wear safety goggles in every lab session. Closed shoes are required, and food & drink stay outside the lab.
`,
    });
    await page.goto(`/chat/${cls.chatUuid}`);
    const box = page.getByLabel('Your question');
    await box.fill('Do I need goggles in the lab?');
    await box.press('Enter');
    const thread = page.getByRole('log', { name: 'Conversation' });
    const excerpt = thread.getByRole('article', {
      name: 'Answer: excerpt from the course material',
    });
    // the kind heads the card, and a screen reader hears it first
    await expect(excerpt.getByText('Excerpt from the course material')).toBeVisible();
    expect(await excerpt.textContent()).toMatch(/^Excerpt from the course material:/);
    // the passage as a quotation, its best sentence highlighted, none of the marks shown
    const quote = excerpt.locator('blockquote').first();
    await expect(quote).toBeVisible();
    await expect(quote).toContainText('goggles');
    await expect(quote.locator('mark')).not.toHaveCount(0);
    const text = await excerpt.innerText();
    expect(text).not.toContain('**');
    expect(text).not.toMatch(/^> /m);
    // where it comes from: the lead names the document, the sources chip stays
    await expect(excerpt.getByText(/syllabus/i).first()).toBeVisible();
    await expect(excerpt.getByRole('button', { name: /Course Syllabus/ })).toBeVisible();
    await expect(thread.getByRole('group', { name: 'Did this help?' })).toBeVisible();
    const contact = excerpt.getByRole('button', { name: 'Contact Teacher' });
    await expect(contact).toBeVisible();
    // nothing wider than the screen
    const viewport = page.viewportSize()!;
    const card = (await excerpt.boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(viewport.width);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectAccessible(page);
    await contact.click();
    await expect(page.getByRole('dialog', { name: 'Contact Teacher' })).toBeVisible();
  });

  test('an unknown share link says the link does not exist, with no Try Again', async ({
    page,
  }) => {
    await page.goto('/chat/00000000-0000-4000-8000-000000000000');
    await expect(
      page.getByRole('heading', { name: 'This chat link does not exist' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: CHAT_MESSAGES.loadFailed })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
