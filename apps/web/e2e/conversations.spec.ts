import type { Page } from '@playwright/test';
import {
  apiToken,
  createClassWithSyllabus,
  createTeacher,
  expect,
  expectAccessible,
  latestEmailTo,
  signIn,
  sql,
  startTrial,
  test,
  studentHeaders,
  gotoAfterSignIn,
  askInChat,
} from './fixtures';

const SYLLABUS = `# Cell Biology Syllabus

This course introduces the structure and function of cells, from membranes to metabolism.

# Grading

Your final grade is made of lab reports (30%), the midterm exam (30%) and the final exam (40%).

# Exams

The midterm exam is on October 14 in Science Hall 101. The final exam is on December 12.
`;

const TRIP = 'Is there a field trip to the aquarium?';
const TRIP_ANSWER =
  'Yes: we visit the city aquarium on Friday, November 13. The bus leaves at 9 am.';

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('the teacher side of conversations @mobile', () => {
  test('students ask and ask for contact; the teacher finds, replies, answers once, and the next student gets that answer', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const teacher = await createTeacher('incomplete_signup');
    await startTrial(request, teacher);
    const token = await apiToken(request, teacher);
    const cls = await createClassWithSyllabus(request, token, {
      className: 'Cell Biology',
      syllabusTitle: 'Course Syllabus',
      syllabus: SYLLABUS,
    });

    // a student asks three questions on the share link and asks the teacher for help
    const studentContext = await browser.newContext({
      viewport: page.viewportSize()!,
      extraHTTPHeaders: studentHeaders(),
    });
    const student = await studentContext.newPage();
    await student.goto(`/chat/${cls.chatUuid}`);
    await expect(await askInChat(student, 'What is the grading breakdown?')).toContainText(
      'lab reports (30%)',
    );
    await expect(await askInChat(student, 'When is the midterm exam?')).toContainText('October 14');
    const notCovered = await askInChat(student, TRIP);
    await notCovered.getByRole('button', { name: 'Contact Teacher' }).click();
    const contact = student.getByRole('dialog', { name: 'Contact Teacher' });
    await contact.getByLabel('Your email').fill('sam@student.test');
    await contact
      .getByLabel('What do you need help with?')
      .fill('Is the aquarium trip required, and do I need to pay for the bus?');
    await contact.getByRole('button', { name: 'Send request' }).click();
    await expect(student.getByRole('dialog', { name: 'Request sent' })).toBeVisible();

    // the teacher sees the bell count and follows it to Student Conversations
    await signIn(page, teacher);
    await page.waitForURL('**/dashboard');
    const bell = page.getByRole('link', { name: 'Student contact requests: 1 unanswered' });
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('contact-request-count')).toHaveText('1');
    await bell.click();
    await page.waitForURL(/\/chats\?.*view=requests/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Student Conversations' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cell Biology' })).toBeVisible();
    await expect(page.getByText(`/chat/${cls.chatUuid}`)).toBeVisible();
    // the bell opens the waiting request
    const card = page.getByRole('article').filter({ hasText: 'sam@student.test' });
    await expect(card).toContainText('Is the aquarium trip required');
    await expect(card).toContainText('Pending');
    const views = page.getByRole('group', { name: 'View' });
    await views.getByRole('button', { name: /^Conversations/ }).click();

    const list = page.getByRole('list', { name: 'Conversations' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').first()).toContainText(TRIP);
    await expect(list.getByRole('listitem').first()).toContainText('Anonymous');
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
    await expectAccessible(page);
    expect(await noSidewaysScroll(page)).toBe(true);

    // search runs on the server; open one conversation in full
    await page.getByLabel('Search conversations').fill('midterm');
    await expect(list.getByRole('listitem')).toHaveCount(2); // the question, and the grading answer
    await page.getByLabel('Search conversations').fill('October');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await list.getByRole('button', { name: /When is the midterm exam\?/ }).click();
    const detail = page.getByRole('dialog', { name: 'Conversation' });
    await expect(detail).toContainText('When is the midterm exam?');
    await expect(detail).toContainText('October 14 in Science Hall 101');
    await expect(detail).toContainText('Course Syllabus');
    await expect(detail).toContainText('Response time');
    await expect(detail).toContainText('Tokens');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // the question the material did not cover: answer it once, into the class material
    await views.getByRole('button', { name: /Unanswered/ }).click();
    await expect(page).toHaveURL(/view=unanswered/);
    const group = page.getByRole('listitem').filter({ hasText: TRIP });
    await expect(group).toContainText('Asked 1 time');
    await group.getByRole('button', { name: 'Answer' }).click();
    const answerDialog = page.getByRole('dialog', { name: 'Answer this question' });
    await expect(answerDialog.getByLabel('Question')).toHaveValue(TRIP);
    await answerDialog.getByLabel('Your answer').fill(TRIP_ANSWER);
    await expectAccessible(page);
    await answerDialog.getByRole('button', { name: 'Save to class material' }).click();
    await expect(answerDialog).toBeHidden();
    await expect(page.getByText('Every question was answered from the material.')).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    // the request about it is answered too: no longer pending, nor counted in the bell
    await expect(page.getByTestId('contact-request-count')).toHaveCount(0);

    // the contact request: reply by e-mail from the dashboard
    await views.getByRole('button', { name: /Contact Requests/ }).click();
    await expect(page).toHaveURL(/view=requests/);
    await expect(card).toContainText('Answered');
    await card.getByRole('button', { name: 'Reply' }).click();
    const replyDialog = page.getByRole('dialog', { name: 'Reply to the student' });
    await replyDialog
      .getByLabel('Your reply')
      .fill('It is part of the course and the bus is free. See you on the 13th!');
    await expectAccessible(page);
    await replyDialog.getByRole('button', { name: 'Send Reply' }).click();
    await expect(replyDialog).toBeHidden();
    await expect(card).toContainText(/Responded/);
    await expect(card).toContainText('the bus is free');
    await expect(page.getByTestId('contact-request-count')).toHaveCount(0);
    const mail = await latestEmailTo('sam@student.test');
    expect(mail.subject).toContain('replied to your question in Cell Biology');
    expect(mail.text_body).toContain('It is part of the course and the bus is free.');

    // the class's analytics count what happened, and export it
    await page.goto(`/analytics?class_id=${cls.id}`);
    await expect(page.getByRole('heading', { name: 'Cell Biology' })).toBeVisible();
    const stat = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=..');
    await expect(stat('Questions')).toContainText('3');
    await expect(stat('Not covered')).toContainText('1');
    await expect(stat('Contact requests')).toContainText('1');
    // the syllabus answered two questions; the teacher's new answer has not been asked yet
    const usage = page.getByRole('table').filter({ hasText: 'Course Syllabus' });
    await expect(usage.getByRole('row', { name: /Course Syllabus/ })).toContainText('2');
    await expect(usage.getByRole('row', { name: /aquarium/ })).toContainText('Never cited');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await download;
    expect(csv.suggestedFilename()).toMatch(/^cell-biology-conversations-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await import('node:fs')).readFileSync((await csv.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFcreated_at,student_identifier,source_type,question,response,sources,tokens_used,response_time_ms',
    );
    expect(text).toContain('When is the midterm exam?');
    await expectAccessible(page);
    expect(await noSidewaysScroll(page)).toBe(true);

    // the next student (another browser: a thread is kept per browser) who asks the same
    // question gets the teacher's answer, with its source
    const nextContext = await browser.newContext({
      viewport: page.viewportSize()!,
      extraHTTPHeaders: studentHeaders(),
    });
    const next = await nextContext.newPage();
    await next.goto(`/chat/${cls.chatUuid}`);
    const reply = await askInChat(next, TRIP);
    await expect(reply).toContainText('Friday, November 13');
    await expect(
      reply.getByRole('button', { name: new RegExp(TRIP.replace('?', '\\?')) }),
    ).toBeVisible();
    await nextContext.close();
    await studentContext.close();
  });

  test('Chat History pages a class 20 at a time and opens with the class from the link', async ({
    page,
    request,
  }) => {
    const teacher = await createTeacher('incomplete_signup');
    await startTrial(request, teacher);
    const token = await apiToken(request, teacher);
    const cls = await createClassWithSyllabus(request, token, {
      className: 'Genetics',
      syllabusTitle: 'Syllabus',
      syllabus: SYLLABUS,
    });
    // 21 earlier conversations, a minute apart (asking them through the chat would meet its rate limit)
    await sql(
      `INSERT INTO conversations (class_id, question, response, source_type, created_at)
       SELECT $1, 'Question ' || i || ' about the final exam?', 'The final exam is on December 12.',
              'syllabus', now() - (22 - i) * interval '1 minute'
       FROM generate_series(1, 21) AS i`,
      [cls.id],
    );
    await signIn(page, teacher);
    await page.waitForURL('**/dashboard');
    await gotoAfterSignIn(page, `/chat-history?class=${cls.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Chat History' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Conversations' });
    await expect(list.getByRole('listitem')).toHaveCount(20);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    const pages = page.getByRole('navigation', { name: 'Conversation pages' });
    await expect(pages.getByRole('button', { name: /Previous/ })).toBeDisabled();
    await pages.getByRole('button', { name: /Next/ }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Question 1 about the final exam?');
    await expect(pages.getByRole('button', { name: /Next/ })).toBeDisabled();
    await expectAccessible(page);
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});
