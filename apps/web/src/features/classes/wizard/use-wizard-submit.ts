import type { Dispatch } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { errorText } from '@/lib/api-client';
import type { ClassInfoValues } from '../class-info-fields';
import {
  ContentReadError,
  createContent,
  createSyllabus,
  cutTitle,
  isAbort,
  titleFromFileName,
  uploadContent,
  waitUntilRead,
} from '@/features/course-material';
import { useUnmountSignal } from '@/lib/use-unmount-signal';
import { WIZARD_TEXT, wizardClassPayload } from './wizard-rules';
import {
  hasSyllabus,
  syllabusKey,
  uploadsBusy,
  type WizardAction,
  type WizardState,
} from './wizard-state';
import { checkClassCreation } from '../class-logic';
import { createClass, type ClassPayload } from '../api/create-class';
import { updateClass } from '../api/update-class';
import { classKeys } from '@/lib/api/get-classes';
import { SHELL_SUMMARY_KEY } from '@/lib/query-keys';

/**
 * What the footer's buttons do. Next (step 1) creates the class as a draft (hidden and not
 * counted until it is made), or saves its edited info, and sends the syllabus, waiting until the
 * server has read it. Create Class (step 2) saves the text entries once every file is done and
 * makes the draft a class, then step 3 tests the assistant.
 */
export function useWizardSubmit(
  state: WizardState,
  dispatch: Dispatch<WizardAction>,
  form: UseFormReturn<ClassInfoValues, unknown, ClassPayload>,
) {
  const queryClient = useQueryClient();
  // the syllabus is polled while it is read, until the wizard closes
  const lifetime = useUnmountSignal();

  const fail = (message: string | null) => dispatch({ type: 'formErrorSet', message });

  /** Creates the class (first time) or saves edited class info. Returns the class id. */
  async function ensureClass(payload: ClassPayload): Promise<string | null> {
    const key = JSON.stringify(payload);
    if (!state.classId) {
      // the billing check for the class's own semester (SPEC §8), now that it is chosen
      if (!(await checkClassCreation({ semester: payload.semester, year: payload.year })))
        return null;
      try {
        const created = await createClass({ ...payload, is_draft: true });
        dispatch({ type: 'classCreated', id: created.id, savedInfo: key });
        void queryClient.invalidateQueries({ queryKey: classKeys.list });
        void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY });
        return created.id;
      } catch (error) {
        fail(errorText(error, WIZARD_TEXT.createFailed));
        return null;
      }
    }
    if (key !== state.savedInfo) {
      try {
        await updateClass(state.classId, payload);
        dispatch({ type: 'classInfoSaved', savedInfo: key });
      } catch (error) {
        fail(errorText(error, WIZARD_TEXT.updateFailed));
        return null;
      }
    }
    return state.classId;
  }

  /** Sends the syllabus in the form and waits until it is read; false when it was not. */
  async function sendSyllabus(classId: string, key: string): Promise<boolean> {
    const { mode, file, title, text } = state.syllabus;
    try {
      let sent;
      if (mode === 'file' && file) {
        dispatch({ type: 'syllabusUploading', progress: 0 });
        sent = await uploadContent(
          {
            file,
            fileName: file.name,
            classId,
            contentType: 'syllabus',
            title: cutTitle(title) || titleFromFileName(file.name),
          },
          (progress) => dispatch({ type: 'syllabusUploading', progress }),
        );
      } else {
        sent = await createSyllabus({
          class_id: classId,
          title: cutTitle(title) || 'Syllabus',
          content: text.trim(),
        });
      }
      // Completed means read: a file the server is still reading keeps the wizard here.
      if (sent.content.status === 'processing') dispatch({ type: 'syllabusProcessing' });
      await waitUntilRead(sent.content, lifetime());
      dispatch({ type: 'syllabusRead', key });
      return true;
    } catch (error) {
      if (isAbort(error)) return false;
      if (error instanceof ContentReadError) {
        dispatch({ type: 'syllabusUnreadable', reason: error.message, pasted: mode === 'text' });
      } else {
        dispatch({ type: 'syllabusNotSent', message: errorText(error, WIZARD_TEXT.uploadFailed) });
      }
      return false;
    }
  }

  async function next() {
    fail(null);
    // the fields show their messages; the same rules decide here, before any await
    void form.trigger();
    const { payload } = wizardClassPayload(state.classInfo);
    const syllabusGiven = hasSyllabus(state.syllabus);
    dispatch({
      type: 'syllabusChecked',
      error: syllabusGiven ? null : WIZARD_TEXT.syllabusRequired,
    });
    if (!payload || !syllabusGiven) return;

    dispatch({ type: 'busyChanged', busy: true });
    try {
      const id = await ensureClass(payload);
      if (!id) return;
      const key = syllabusKey(state.syllabus);
      if (key && key !== state.syllabus.sent && !(await sendSyllabus(id, key))) return;
      dispatch({ type: 'stepChanged', step: 2 });
    } finally {
      dispatch({ type: 'busyChanged', busy: false });
    }
  }

  async function create() {
    fail(null);
    if (uploadsBusy(state.uploads)) {
      fail(WIZARD_TEXT.uploadsPending);
      return;
    }
    const { payload, problem } = wizardClassPayload(state.classInfo);
    if (!payload || !hasSyllabus(state.syllabus)) {
      fail(problem ?? WIZARD_TEXT.syllabusRequired);
      return;
    }
    const filled = state.entries.filter((e) => e.title.trim() || e.content.trim());
    if (filled.some((e) => !e.title.trim() || !e.content.trim())) {
      fail(WIZARD_TEXT.entryIncomplete);
      return;
    }
    dispatch({ type: 'busyChanged', busy: true });
    try {
      const id = await ensureClass(payload);
      if (!id) return;
      for (const [index, entry] of filled.entries()) {
        if (entry.savedId) continue;
        try {
          const { content } = await createContent({
            class_id: id,
            title: cutTitle(entry.title),
            content: entry.content.trim(),
            content_type: 'content',
            display_order: index + 1,
          });
          dispatch({ type: 'entrySaved', key: entry.key, savedId: content.id });
        } catch (error) {
          fail(errorText(error, WIZARD_TEXT.uploadFailed));
          return;
        }
      }
      // again for the class's semester as it is now: it may have changed, or a class been made
      if (!(await checkClassCreation({ semester: payload.semester, year: payload.year }))) return;
      try {
        await updateClass(id, { is_draft: false });
      } catch (error) {
        fail(errorText(error, WIZARD_TEXT.createFailed));
        return;
      }
      void queryClient.invalidateQueries({ queryKey: classKeys.all });
      void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY });
      dispatch({ type: 'stepChanged', step: 3 });
    } finally {
      dispatch({ type: 'busyChanged', busy: false });
    }
  }

  return { next, create };
}
