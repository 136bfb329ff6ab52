import { useEffect, useRef, type Dispatch } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { classKeys } from '@/lib/api/get-classes';
import { errorText } from '@/lib/api-client';
import {
  ContentReadError,
  deleteContent,
  fileProblem,
  isAbort,
  titleFromFileName,
  uploadContent,
  waitUntilRead,
} from '@/features/course-material';
import { useUnmountSignal } from '@/lib/use-unmount-signal';
import { WIZARD_TEXT } from './wizard-rules';
import { nextKey, type UploadRow, type WizardAction } from './wizard-state';

/** A completed file leaves the list after 3 s (SPEC §2). */
export const COMPLETED_REMOVE_MS = 3_000;

/**
 * Step 2's files: each is checked in the browser, uploaded, then polled until the server has
 * read it (uploading → processing → completed, or error with the reason). Polls and timers
 * belong to the whole wizard: they go on on another step and stop when it closes.
 */
export function useWizardUploads(classId: string | null, dispatch: Dispatch<WizardAction>) {
  const timers = useRef<number[]>([]);
  const lifetime = useUnmountSignal();
  const queryClient = useQueryClient();
  // step 2's summary counts what the server holds
  const refreshSummary = () => {
    if (classId) void queryClient.invalidateQueries({ queryKey: classKeys.content(classId) });
  };

  useEffect(() => {
    const list = timers.current;
    return () => list.forEach((t) => window.clearTimeout(t));
  }, []);

  function addFiles(files: File[]) {
    if (!classId) return;
    for (const file of files) {
      const key = nextKey();
      const problem = fileProblem(file);
      dispatch({
        type: 'uploadAdded',
        row: {
          key,
          name: file.name,
          size: file.size,
          status: problem ? 'error' : 'uploading',
          progress: 0,
          error: problem ?? undefined,
        },
      });
      if (problem) continue;
      const signal = lifetime();
      uploadContent(
        {
          file,
          fileName: file.name,
          classId,
          contentType: 'content',
          title: titleFromFileName(file.name),
        },
        (progress) => dispatch({ type: 'uploadProgressed', key, progress }),
      )
        .then(({ content }) => {
          dispatch({ type: 'uploadStored', key, contentId: content.id });
          return waitUntilRead(content, signal);
        })
        .then(() => {
          dispatch({ type: 'uploadCompleted', key });
          refreshSummary();
          timers.current.push(
            window.setTimeout(() => dispatch({ type: 'uploadRemoved', key }), COMPLETED_REMOVE_MS),
          );
        })
        .catch((error: unknown) => {
          if (isAbort(error)) return;
          dispatch({
            type: 'uploadFailed',
            key,
            error:
              error instanceof ContentReadError
                ? error.message
                : errorText(error, WIZARD_TEXT.uploadFailed),
          });
        });
    }
  }

  /** Drops a row in error; a file the server stored but could not read is deleted there too. */
  async function dismissUpload(row: UploadRow) {
    if (row.contentId) {
      try {
        await deleteContent(row.contentId);
      } catch (error) {
        toast.error(`Failed to delete content: ${errorText(error, 'Delete failed')}`);
        return;
      }
      refreshSummary();
    }
    dispatch({ type: 'uploadRemoved', key: row.key });
  }

  return { addFiles, dismissUpload };
}
