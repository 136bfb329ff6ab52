import { describe, expect, it } from 'vitest';
import {
  contextOf,
  formatRecall,
  isRecalled,
  promptChars,
  promptStats,
  startRecordingModel,
  summarise,
  type ChatMessage,
  type RecallQuestion,
} from './eval-recall.ts';

const RULES = 'You are the teaching assistant. Rules: 1. Be concise: 1 to 3 sentences.';

/** A request as the API sends it: rules and escaped data in the system message, the question alone. */
function recorded(data: string, question = 'how much is the final worth?'): ChatMessage[] {
  return [
    { role: 'system', content: `${RULES}\n\nCourse passages:\n<passages>\n${data}\n</passages>` },
    { role: 'user', content: question },
  ];
}

describe('the recall check on a recorded request', () => {
  it('finds a normalised answer as a whole in the material sent', () => {
    const context = contextOf(recorded('<passage id="1">| **Final exam** | 25 % |\n</passage>'));
    expect(isRecalled(['final exam'], context)).toBe(true);
    expect(isRecalled(['FINAL   Exam'], context)).toBe(true);
    expect(isRecalled(['5 %'], context)).toBe(false); // not inside "25 %"
    expect(isRecalled(['midterm', '25 %'], context)).toBe(true);
  });

  it('reads the escaped data as the model does', () => {
    const context = contextOf(
      recorded('Bring a 4&quot;x6&quot; card &amp; a pen &lt;no phones&gt;'),
    );
    expect(isRecalled(['4"x6" card & a pen'], context)).toBe(true);
    expect(isRecalled(['<no phones>'], context)).toBe(true);
  });

  it('counts neither the fixed rules nor the question', () => {
    const messages = recorded('The final is worth 40%.', 'is the exam 3 hours long?');
    const context = contextOf(messages);
    expect(isRecalled(['3 sentences'], context)).toBe(false);
    expect(isRecalled(['3 hours'], context)).toBe(false);
    expect(isRecalled(['40%'], context)).toBe(true);
  });

  it('takes a fact sheet block before the passages as material', () => {
    const system = `${RULES}\n<facts>\nroom: THM 216\n</facts>\n<passages>\n</passages>`;
    expect(isRecalled(['THM 216'], contextOf([{ role: 'system', content: system }]))).toBe(true);
  });
});

describe('prompt sizes', () => {
  it('counts the characters of every message, in code points', () => {
    expect(
      promptChars([
        [
          { role: 'system', content: 'ab' },
          { role: 'user', content: '地学' },
        ],
      ]),
    ).toBe(4);
    expect(promptChars([])).toBe(0);
  });

  it('has mean, median and max', () => {
    expect(promptStats([3, 1, 2, 10, 4])).toEqual({ mean: 4, median: 3, max: 10 });
    expect(promptStats([1, 4])).toEqual({ mean: 3, median: 3, max: 4 }); // rounded
    expect(promptStats([])).toEqual({ mean: 0, median: 0, max: 0 });
  });
});

describe('the summary', () => {
  const question = (course: string, recalled: boolean, calls = 1): RecallQuestion => ({
    dataset: 'dev.json',
    course,
    id: `${course}-q`,
    question: `a question of ${course}`,
    expected: ['40%'],
    recalled,
    promptChars: calls ? 1000 : 0,
    calls,
  });

  it('tallies recall per course and lists the misses', () => {
    const result = summarise([question('a', true), question('a', false), question('b', false, 0)]);
    expect(result.recall).toEqual({ correct: 1, total: 3, percent: 33.3 });
    expect(result.datasets[0]!.courses).toEqual([
      { id: 'a', correct: 1, total: 2, percent: 50 },
      { id: 'b', correct: 0, total: 1, percent: 0 },
    ]);
    // a question the model never saw has no prompt size
    expect(result.prompt).toEqual({ mean: 1000, median: 1000, max: 1000 });
    const text = formatRecall(result);
    expect(text).toContain('Context recall  1/3 (33.3%)');
    expect(text).toContain('- [b] a question of b  (the model was not called)');
    expect(text).toContain('expected: "40%"');
  });
});

describe('the loopback model', () => {
  it('records the messages and answers like the chat completions API', async () => {
    const model = await startRecordingModel();
    try {
      expect(model.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const messages = recorded('x');
      const res = await fetch(`${model.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', messages }),
      });
      const body = (await res.json()) as {
        choices: { message: { content: string } }[];
        usage: { total_tokens: number };
      };
      expect(res.status).toBe(200);
      expect(body.choices[0]!.message.content).toMatch(/\S/);
      expect(body.usage.total_tokens).toBeGreaterThan(0);
      expect(model.requests).toEqual([messages]);
    } finally {
      await model.close();
    }
  });
});
