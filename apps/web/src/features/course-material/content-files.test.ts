import { describe, expect, it } from 'vitest';
import { fileProblem } from './content-files';

describe('fileProblem', () => {
  it('rejects other types and files over 50 MB', () => {
    expect(fileProblem(new File(['x'], 'a.png'))).toBe(
      'Unsupported file type. Please upload PDF, Word, Excel, or text files.',
    );
    const big = new File(['x'], 'a.pdf');
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });
    expect(fileProblem(big)).toBe('File size must be less than 50MB');
    expect(fileProblem(new File(['x'], 'Syllabus.DOCX'))).toBeNull();
    expect(fileProblem(new File(['x'], 'grades.csv'))).toBeNull();
  });
});
