import {
  apiToken,
  createClassWithSyllabus,
  createTeacher,
  expect,
  expectAccessible,
  signIn,
  startTrial,
  test,
  studentHeaders,
  askInChat,
} from './fixtures';

const SYLLABUS = `# BIO 101: Introduction to Cell Biology

## Grading
The final exam is worth 40% of the grade and the midterm 30%.

## Late policy
Late homework loses 10% per day and is not accepted after three days.
`;

const TRIP = 'Is there a field trip to the aquarium?';
const DOG = 'Can I bring my dog to the lab?';
const PIZZA = 'Where is the best pizza in town?';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFromToday = (offset: number) =>
  new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

test.describe('states agree @mobile', () => {
  test('a question the teacher answered is answered everywhere, one not about the course is dismissed, and the pages open on the class with this term’s questions', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const year = new Date().getUTCFullYear();
    const teacher = await createTeacher('incomplete_signup');
    await startTrial(request, teacher);
    const token = await apiToken(request, teacher);
    const cls = await createClassWithSyllabus(request, token, {
      className: 'Cell Biology',
      syllabusTitle: 'Course Syllabus',
      syllabus: SYLLABUS,
      fields: {
        course_code: 'BIO 101',
        semester: 'Fall',
        year,
        term_start: dayFromToday(-60),
        term_end: dayFromToday(60),
        time_zone: 'UTC',
      },
    });
    // copied for next semester: listed first, no questions yet
    const copy = await request.post('/api/classes', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        class_name: 'Cell Biology',
        course_code: 'BIO 101',
        school: 'State University',
        department: null,
        semester: 'Spring',
        year: year + 1,
        student_size: 30,
        description: null,
        term_start: dayFromToday(90),
        term_end: dayFromToday(200),
        time_zone: 'UTC',
      },
    });
    expect(copy.ok(), await copy.text()).toBe(true);

    // a student asks two questions the material does not cover and one not about the course,
    // and asks the teacher about the field trip
    const studentContext = await browser.newContext({
      viewport: page.viewportSize()!,
      extraHTTPHeaders: studentHeaders(),
    });
    const student = await studentContext.newPage();
    await student.goto(`/chat/${cls.chatUuid}`);
    const trip = await askInChat(student, TRIP);
    await expect(trip.getByRole('button', { name: 'Contact Teacher' })).toBeVisible();
    await askInChat(student, DOG);
    await askInChat(student, PIZZA);
    await trip.getByRole('button', { name: 'Contact Teacher' }).click();
    const contact = student.getByRole('dialog', { name: 'Contact Teacher' });
    await contact.getByLabel('Your email').fill('ana@student.test');
    await contact
      .getByLabel('What do you need help with?')
      .fill('I need to know before I book my train home.');
    await contact.getByRole('button', { name: 'Send request' }).click();
    await expect(student.getByRole('dialog', { name: 'Request sent' })).toBeVisible();
    await studentContext.close();

    await signIn(page, teacher);
    await page.waitForURL('**/dashboard');

    // Chat History and Analytics open on this term's class, not on the empty copy
    await page.goto('/chat-history');
    await expect(page.getByRole('combobox', { name: 'Class' })).toHaveValue(cls.id);
    const conversations = page.getByRole('list', { name: 'Conversations' });
    await expect(conversations.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByText('No conversations yet')).toHaveCount(0);
    await expectAccessible(page);

    await page.goto('/analytics');
    await expect(page.getByRole('combobox', { name: 'Class' })).toHaveValue(cls.id);
    const unanswered = page.getByRole('list', { name: 'Unanswered questions' });
    await expect(unanswered.getByRole('listitem')).toHaveCount(3);
    await expect(unanswered).toContainText(TRIP);
    await expectAccessible(page);

    // the teacher answers the field trip once, in Unanswered
    await page.getByRole('link', { name: 'Answer them' }).click();
    await page.waitForURL(/view=unanswered/);
    // the Unanswered tab's groups (a toast naming the question is a list item too)
    const group = (question: string) =>
      page
        .getByRole('region', { name: 'Unanswered questions' })
        .getByRole('listitem')
        .filter({ hasText: question });
    await group(TRIP).getByRole('button', { name: 'Answer' }).click();
    const answerDialog = page.getByRole('dialog', { name: 'Answer this question' });
    await answerDialog
      .getByLabel('Your answer')
      .fill('Yes: Friday, November 13; the bus leaves at 9 am.');
    await answerDialog.getByRole('button', { name: 'Save to class material' }).click();
    await expect(answerDialog).toBeHidden();
    await expect(group(TRIP)).toHaveCount(0);
    // … and its contact request is answered: not pending, not in the bell
    await expect(page.getByTestId('contact-request-count')).toHaveCount(0);
    const views = page.getByRole('group', { name: 'View' });
    await views.getByRole('button', { name: /Contact Requests/ }).click();
    const request_ = page.getByRole('article').filter({ hasText: 'ana@student.test' });
    await expect(request_).toContainText('Answered');
    await expect(request_).not.toContainText('Pending');
    await expect(request_.getByRole('button', { name: 'Mark Responded' })).toHaveCount(0);
    await expectAccessible(page);

    // the question not about the course is dismissed, from the keyboard; Undo puts it back
    await views.getByRole('button', { name: /Unanswered/ }).click();
    await expect(group(PIZZA)).toBeVisible();
    await group(PIZZA).getByRole('button', { name: 'Dismiss' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Question dismissed')).toBeVisible();
    await expect(group(PIZZA)).toHaveCount(0);
    // focus moves to the question taking its place
    await expect(group(DOG).getByRole('button', { name: 'Answer' })).toBeFocused();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(group(PIZZA)).toBeVisible();
    // the toaster gives focus back to where it came from
    await expect(group(DOG).getByRole('button', { name: 'Answer' })).toBeFocused();
    await group(PIZZA).getByRole('button', { name: 'Dismiss' }).click();
    await expect(group(PIZZA)).toHaveCount(0);
    // the toast and its Undo pass the checks too
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expectAccessible(page);
    await expect(views.getByRole('button', { name: 'Unanswered 1 open' })).toBeVisible();

    // Analytics says the same: only the dog is left to answer
    await page.goto(`/analytics?class_id=${cls.id}`);
    await expect(unanswered.getByRole('listitem')).toHaveCount(1);
    await expect(unanswered).toContainText(DOG);
    const stat = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=..');
    await expect(stat('Contact requests')).toContainText('0 pending');
    await expectAccessible(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });
});
