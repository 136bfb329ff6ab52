/**
 * Course facts: the facts read from a class's material, and the teacher's additions and
 * corrections. Other features import this folder only through this file (eslint.config.js).
 */
export { CourseFactsView } from './course-facts-view';
