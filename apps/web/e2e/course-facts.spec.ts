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

const SYLLABUS = `# BIO 201 Cell Biology Syllabus

## Instructor

Instructor: Professor Grace Hopper
Email: ghopper@uni.test
Office: Science Hall 204
Office hours: Mondays 2-4 pm

## Grading

- Lab reports (30%)
- Midterm exam (30%)
- Final exam (40%)
`;

test.describe('course facts', () => {
  test('a teacher corrects the office in Review Course, and the next student is told the corrected office', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const teacher = await createTeacher('incomplete_signup');
    await startTrial(request, teacher);
    const token = await apiToken(request, teacher);
    const cls = await createClassWithSyllabus(request, token, {
      className: 'Cell Biology',
      syllabusTitle: 'Course Syllabus',
      syllabus: SYLLABUS,
    });

    await signIn(page, teacher);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page
      .getByRole('article', { name: 'Cell Biology' })
      .getByRole('button', { name: 'Review course' })
      .click();
    const review = page.getByRole('dialog', { name: 'Review Course' });
    await review.getByRole('tab', { name: 'Course facts' }).click();
    const staff = review.getByRole('region', { name: /Instructors and TAs/ });
    const office = staff.getByRole('listitem', { name: /· Office$/ });
    await expect(office).toContainText('Science Hall 204');
    await expect(review.getByRole('region', { name: /Grading/ })).toContainText('40%');
    await expectAccessible(page);

    // correct the office: the correction replaces it, the extracted value is shown struck through
    await office.getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: 'Correct this fact' });
    await edit.getByLabel('Value').fill('Science Hall 310');
    await expectAccessible(page);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(office).toContainText('Your correction');
    await expect(office).toContainText('Science Hall 310');
    await expect(office.locator('del')).toHaveText('Science Hall 204');
    await expect(office.getByRole('button', { name: /^Edit / })).toBeFocused();

    // a student asks at once and is told the corrected office
    await page.goto(`/chat/${cls.chatUuid}`);
    const box = page.getByLabel('Your question');
    await box.fill("Where is the professor's office?");
    await box.press('Enter');
    const answer = page
      .getByRole('log', { name: 'Conversation' })
      .getByRole('article', { name: 'Answer' })
      .last();
    await expect(answer).toContainText('Science Hall 310');
    await expect(answer).not.toContainText('Science Hall 204');
  });
});
