/**
 * Classes: the teacher's class board, its cards, the create-class wizard, Copy Class and the class
 * fields. Other features, and the app, import this folder only through this file (eslint.config.js).
 */
export { ClassBoard } from './class-board';
