/**
 * Course material: what a teacher adds to a class (a syllabus, files, text), how an item is read in
 * the background, and Review Course, where the teacher reads and removes it. Other features import
 * this folder only through this file (eslint.config.js).
 */
export { AddContentModal } from './add-content-modal';
export { ReviewCourseModal, type ReviewView } from './review-course-modal';
export { FileDropzone } from './file-dropzone';
export {
  CONTENT_STATUS_TEXT,
  ContentReadError,
  isAbort,
  isProcessing,
  pollDelay,
  waitUntilRead,
} from './content-status';
export { cutTitle, fileProblem, titleFromFileName } from './content-files';
export { createContent } from './api/create-content';
export { createSyllabus } from './api/create-syllabus';
export { deleteContent } from './api/delete-content';
export { getContent } from './api/get-content';
export { getContents } from './api/get-contents';
export { getSyllabus } from './api/get-syllabus';
export { uploadContent } from './api/upload-content';
