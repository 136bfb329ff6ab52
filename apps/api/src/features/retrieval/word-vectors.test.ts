import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cosine, meanVector, similarity, vectorOf, wordVectorInfo } from './word-vectors.ts';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const FILE = `${ROOT}apps/api/generated/word-vectors.bin`;

/** The words the file holds, read from its header (layout in scripts/build-word-vectors.mjs). */
function fileWords(): Set<string> {
  const bytes = readFileSync(FILE);
  return new Set(bytes.toString('utf8', 20, 20 + bytes.readUInt32LE(16)).split('\n'));
}

const length = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe('word vectors file', () => {
  it('is built from the current inputs by scripts/build-word-vectors.mjs', () => {
    const check = spawnSync(
      process.execPath,
      [`${ROOT}scripts/build-word-vectors.mjs`, '--check'],
      {
        encoding: 'utf8',
      },
    );
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('holds GloVe 100d for 50,000 spoken plus up to 60,000 written words', () => {
    const bytes = readFileSync(FILE);
    expect(bytes.toString('latin1', 0, 4)).toBe('SBWV');
    const info = wordVectorInfo();
    expect(info).toEqual({ words: bytes.readUInt32LE(8), dimensions: 100 });
    // the spoken list loses a few thousand words GloVe lacks; the written list adds ~23,000
    expect(info.words).toBeGreaterThan(50_000);
    expect(info.words).toBeLessThanOrEqual(110_000);
  });
});

describe('vectorOf', () => {
  it('gives a unit vector, ignoring case', () => {
    const v = vectorOf('Exam');
    expect(v).toBeInstanceOf(Float32Array);
    expect(v).toHaveLength(100);
    expect(length(v!)).toBeCloseTo(1, 5);
    expect(vectorOf('EXAM')).toEqual(v);
  });

  it('is undefined for unknown words', () => {
    expect(vectorOf('qzxvbw')).toBeUndefined();
    expect(vectorOf('')).toBeUndefined();
  });

  it('falls back to a simple lemma of plurals, -ing and -ed forms', () => {
    // forms the reduced file lacks, so only the fallback can find them
    const words = fileWords();
    const forms: [string, string][] = [
      ['rubrics', 'rubric'],
      ['syllabuses', 'syllabus'],
      ["instructor's", 'instructor'],
      ['emailing', 'email'],
      ['proctored', 'proctor'],
      ['labbing', 'lab'],
    ];
    for (const [form, lemma] of forms) {
      expect(words.has(form), form).toBe(false);
      expect(vectorOf(lemma), lemma).toBeDefined();
      expect(vectorOf(form), form).toEqual(vectorOf(lemma));
      expect(similarity(form, lemma), form).toBeCloseTo(1, 5);
    }
    // a form the file has keeps its own vector: "grading" is not "grade"
    expect(similarity('grading', 'grade')).toBeLessThan(0.99);
  });

  it('returns a copy the caller may change', () => {
    const v = vectorOf('exam')!;
    v.fill(0);
    expect(length(vectorOf('exam')!)).toBeCloseTo(1, 5);
  });
});

describe('similarity', () => {
  it('ranks related words above unrelated ones', () => {
    expect(similarity('exam', 'test')).toBeGreaterThan(similarity('exam', 'banana'));
    expect(similarity('professor', 'instructor')).toBeGreaterThan(
      similarity('professor', 'parking'),
    );
    expect(similarity('homework', 'assignment')).toBeGreaterThan(similarity('homework', 'weather'));
    expect(similarity('office', 'room')).toBeGreaterThan(similarity('office', 'grade'));
    expect(similarity('late', 'deadline')).toBeGreaterThan(similarity('late', 'textbook'));
  });

  it('is 1 for a word with itself, symmetric, and 0 for unknown words', () => {
    expect(similarity('exam', 'Exam')).toBeCloseTo(1, 5);
    expect(similarity('exam', 'quiz')).toBeCloseTo(similarity('quiz', 'exam'), 6);
    expect(similarity('exam', 'qzxvbw')).toBe(0);
    expect(similarity('qzxvbw', 'qzxvbw')).toBe(0);
  });

  it('agrees with cosine of the vectors', () => {
    expect(similarity('lecture', 'seminar')).toBeCloseTo(
      cosine(vectorOf('lecture')!, vectorOf('seminar')!),
      5,
    );
  });
});

describe('meanVector', () => {
  it('averages the known words and skips the unknown', () => {
    const mean = meanVector(['exam', 'qzxvbw', 'test'])!;
    const both = meanVector(['exam', 'test'])!;
    expect(mean).toEqual(both);
    const exam = vectorOf('exam')!;
    const test = vectorOf('test')!;
    expect(mean[0]).toBeCloseTo((exam[0]! + test[0]!) / 2, 6);
  });

  it('brings a phrase near a related phrase', () => {
    const question = meanVector(['when', 'is', 'the', 'final', 'exam'])!;
    expect(cosine(question, meanVector(['final', 'examination', 'date'])!)).toBeGreaterThan(
      cosine(question, meanVector(['parking', 'permit', 'fee'])!),
    );
  });

  it('is undefined when no word is known', () => {
    expect(meanVector(['qzxvbw'])).toBeUndefined();
    expect(meanVector([])).toBeUndefined();
  });
});

describe('cosine', () => {
  it('is 0 for a zero vector and 1 for parallel vectors', () => {
    expect(cosine(new Float32Array(3), Float32Array.of(1, 2, 3))).toBe(0);
    expect(cosine(Float32Array.of(1, 2, 3), Float32Array.of(2, 4, 6))).toBeCloseTo(1, 6);
  });
});
