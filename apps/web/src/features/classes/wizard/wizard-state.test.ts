import { describe, expect, it } from 'vitest';
import { WIZARD_CLASS_DEFAULTS, WIZARD_TEXT, wizardClassPayload } from './wizard-rules';
import {
  hasSyllabus,
  newWizardState,
  uploadsBusy,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard-state';

const run = (state: WizardState, ...actions: WizardAction[]) =>
  actions.reduce(wizardReducer, state);

describe('wizard reducer', () => {
  it('a file goes uploading → processing → completed, then leaves the list', () => {
    const row = {
      key: 'f',
      name: 'notes.pdf',
      size: 10,
      status: 'uploading',
      progress: 0,
    } as const;
    let state = run(newWizardState(), { type: 'uploadAdded', row });
    expect(uploadsBusy(state.uploads)).toBe(true);
    state = run(state, { type: 'uploadProgressed', key: 'f', progress: 40 });
    expect(state.uploads[0]).toMatchObject({ status: 'uploading', progress: 40 });
    state = run(state, { type: 'uploadProgressed', key: 'f', progress: 100 });
    expect(state.uploads[0]).toMatchObject({ status: 'processing' });
    state = run(state, { type: 'uploadStored', key: 'f', contentId: 'c1' });
    expect(state.uploads[0]).toMatchObject({ status: 'processing', contentId: 'c1' });
    state = run(state, { type: 'uploadCompleted', key: 'f' });
    expect(uploadsBusy(state.uploads)).toBe(false);
    expect(run(state, { type: 'uploadRemoved', key: 'f' }).uploads).toEqual([]);
    expect(
      run(state, { type: 'uploadFailed', key: 'f', error: 'Damaged' }).uploads[0],
    ).toMatchObject({ status: 'error', error: 'Damaged' });
  });

  it('pasted syllabus text that cannot be read says so under the text', () => {
    const state = run(
      newWizardState(),
      { type: 'syllabusModeChosen', mode: 'text' },
      { type: 'syllabusTextEdited', text: 'Week 1' },
      { type: 'syllabusUploading', progress: 100 },
    );
    expect(state.syllabus.upload).toEqual({ step: 'processing' });
    expect(hasSyllabus(state.syllabus)).toBe(true);
    const failed = run(state, { type: 'syllabusUnreadable', reason: 'Empty.', pasted: true });
    expect(failed.syllabus.error).toBe('Could not be read: Empty.');
    expect(run(state, { type: 'syllabusRead', key: 'k' }).syllabus).toMatchObject({
      upload: null,
      sent: 'k',
    });
  });

  it('start over is one action: a new class, keeping the syllabus source and work under way', () => {
    const worked = run(
      newWizardState(),
      { type: 'classInfoEdited', classInfo: { ...WIZARD_CLASS_DEFAULTS, class_name: 'Bio' } },
      { type: 'classCreated', id: 'c1', savedInfo: '{}' },
      { type: 'syllabusModeChosen', mode: 'text' },
      { type: 'syllabusTextEdited', text: 'Week 1' },
      { type: 'syllabusRead', key: 'k' },
      { type: 'entryAdded', key: 'e1' },
      { type: 'testQuestionAdded', question: 'Is attendance required?' },
      { type: 'formErrorSet', message: 'Upload failed' },
      { type: 'busyChanged', busy: true },
    );
    const fresh = run(worked, { type: 'startedOver' });
    expect(fresh).toEqual({
      ...newWizardState(),
      syllabus: { ...newWizardState().syllabus, mode: 'text' },
      busy: true,
    });
    // the questions tried go; the standard ones are Check your assistant's, on the server
    expect(fresh.testQuestions).toEqual([]);
  });
});

describe('wizard class fields', () => {
  it('give the POST /classes payload, or the first rule broken', () => {
    const typed = { ...WIZARD_CLASS_DEFAULTS, class_name: ' Bio ', course_code: ' BIO 1 ' };
    const { payload } = wizardClassPayload({ ...typed, year: '2027', student_size: ' 40 ' });
    // trimmed, empty optional text as null, numbers for the year and the students
    expect(payload).toMatchObject({ class_name: 'Bio', course_code: 'BIO 1', school: null });
    expect(payload).toMatchObject({ semester: 'Fall', year: 2027, student_size: 40 });
    expect(wizardClassPayload({ ...WIZARD_CLASS_DEFAULTS, class_name: '  ' }).problem).toBe(
      WIZARD_TEXT.nameRequired,
    );
    expect(
      wizardClassPayload({ ...WIZARD_CLASS_DEFAULTS, class_name: 'Bio', student_size: '501' })
        .problem,
    ).toBe(WIZARD_TEXT.studentsRange);
    expect(
      wizardClassPayload({ ...WIZARD_CLASS_DEFAULTS, class_name: 'Bio', student_size: '' }).payload
        ?.student_size,
    ).toBeNull();
  });
});
