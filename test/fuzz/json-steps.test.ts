import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestedTooDeep } from '../../src/json-depth.js';
import { JsonTooDeepError, JsonTooLongError, jsonParts, jsonPieces, parseJsonInSteps } from '../../src/json-steps.js';
import { runSteps } from '../../src/world/steps.js';

// JSON read and written in steps (src/json-steps.ts) is JSON.parse and JSON.stringify, a piece at a
// time: the same value or the same refusal, the same text, whatever the pieces' size.

/** The UTF-8 bytes of a text, or the bytes themselves. */
const bytesOf = (text: string | Uint8Array) => (typeof text === 'string' ? Buffer.from(text) : text);

/** What `JSON.parse` makes of the text decoded whole: its value (with the order of members) or 'refused'. */
function parsed(text: string | Uint8Array): unknown {
  try {
    return { value: JSON.parse(new TextDecoder().decode(bytesOf(text))) };
  } catch {
    return 'refused';
  }
}

/** What the steps make of it, with pieces of `piece` bytes (tiny: every array and object is split). */
function inSteps(text: string | Uint8Array, piece: number, depth = 10_000): unknown {
  try {
    return { value: runSteps(parseJsonInSteps(bytesOf(text), { maxDepth: depth, pieceBytes: piece })) };
  } catch (error) {
    if (error instanceof JsonTooDeepError) return 'too deep';
    expect(error).toBeInstanceOf(SyntaxError);
    return 'refused';
  }
}

/** Values compared with the order of their members, and -0 told from 0. */
const same = (a: unknown, b: unknown) => {
  expect(a).toStrictEqual(b);
  expect(JSON.stringify(a)).toBe(JSON.stringify(b));
};

/** JSON text of a value, with white space of every kind between its tokens (indented with it) and around it. */
const spaced = fc
  .tuple(fc.jsonValue(), fc.constantFrom('', ' ', '\n', '\t\r\n '))
  .map(([value, space]) => `${space}${JSON.stringify(value, null, space || undefined)}${space}`);

/** Text one edit away from JSON: a structural character added, dropped or swapped. */
const broken = fc
  .tuple(fc.json(), fc.nat(), fc.constantFrom('[', ']', '{', '}', ',', ':', '"', '\\', ' ', '1', ''), fc.boolean())
  .map(([text, at, c, drop]) => {
    const n = at % (text.length + 1);
    return `${text.slice(0, n)}${c}${text.slice(drop ? n + 1 : n)}`;
  });

describe('parseJsonInSteps', () => {
  it('gives what JSON.parse gives for any JSON text, whatever the size of the pieces', () => {
    fc.assert(
      fc.property(spaced, fc.integer({ min: 1, max: 64 }), (text, piece) => {
        same(inSteps(text, piece), parsed(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what JSON.parse refuses (and takes what it takes) for text one edit away from JSON', () => {
    fc.assert(
      fc.property(broken, fc.integer({ min: 1, max: 48 }), (text, piece) => {
        same(inSteps(text, piece), parsed(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps names as JSON.parse does: the first place and the last value of a repeated name, __proto__ a member', () => {
    const text = `{"a":[1,2,3],"__proto__":{"x":[1,2]},"b":[4,5,6],"a":[7,8,9],"1":[0,0,0],"__proto__":[3,4]}`;
    for (const piece of [1, 4, 8, 1000]) {
      const value = runSteps(parseJsonInSteps(Buffer.from(text), { pieceBytes: piece })) as Record<string, unknown>;
      same(value, JSON.parse(text));
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.keys(value)).toEqual(['1', 'a', '__proto__', 'b']);
    }
  });

  it('refuses the text that json-depth refuses, as too deep, whatever else is wrong with it', () => {
    fc.assert(
      fc.property(fc.oneof(spaced, broken), fc.integer({ min: 0, max: 6 }), (text, depth) => {
        const outcome = inSteps(text, 8, depth);
        expect(outcome === 'too deep').toBe(nestedTooDeep(new TextDecoder().decode(Buffer.from(text)), depth));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads UTF-8 as TextDecoder does: any character, invalid bytes as U+FFFD, a byte order mark dropped at the start only', () => {
    const text = JSON.stringify({ a: ['é', '日本', '😀', 'x'.repeat(40)], b: { '€': '\u2028' } });
    const bom = [0xef, 0xbb, 0xbf];
    const cases = [
      Buffer.from(text),
      Buffer.from([...bom, ...Buffer.from(text)]),
      Buffer.concat([Buffer.from('[1,"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(`",${'1,'.repeat(30)}2]`)]),
      Buffer.from([0x5b, 0x31, 0x2c, ...bom, 0x32, 0x5d]),
      Buffer.from([0x5b, ...bom, 0x31, 0x5d]),
      Buffer.from([...bom, ...bom, 0x31]),
      Buffer.from([0x5b, 0x22, 0xe6, 0x97, 0x22, ...Buffer.from(`,${'1,'.repeat(30)}1]`)]),
    ];
    for (const bytes of cases)
      for (const piece of [1, 4, 16, 1000]) same(inSteps(new Uint8Array(bytes), piece), parsed(bytes));
  });

  it('refuses what surrounds a large value badly: a missing comma, colon or name, a second value, anything after', () => {
    const large = `[${'1,'.repeat(100)}1]`;
    const cases = [
      `[${large} ${large}]`,
      `[${large} 1]`,
      `[1 ${large}]`,
      `{"a" ${large}}`,
      `{${large}}`,
      `{"a":1 "b":${large}}`,
      `{"a" "b":${large}}`,
      `${large} 1`,
      `1 ${large}`,
      `${large}${large}`,
      `[${large},]`,
      `[,${large}]`,
      `{"a":${large},}`,
      `[${large}}`,
      `{"a":${large}]`,
      `[${'1,'.repeat(40)}]`,
      `[${'1,'.repeat(20)},${'1,'.repeat(20)}1]`,
      `{${'"a":1,'.repeat(20)}}`,
    ];
    for (const text of cases) {
      expect(parsed(text), text).toBe('refused');
      expect(inSteps(text, 16), text).toBe('refused');
    }
    same(inSteps(`  {"a" : ${large} , "b":[${large}] }  `, 16), parsed(`  {"a" : ${large} , "b":[${large}] }  `));
  });
  it('refuses an array or object of more members than allowed, before parsing anything', () => {
    const members = (n: number) => Array.from({ length: n }, (_, i) => `"m${i}":[${i}]`).join(',');
    for (const text of [`[${'0,'.repeat(10)}0]`, `{"a":[{${members(11)}}]}`]) {
      const bytes = Buffer.from(text);
      expect(() => runSteps(parseJsonInSteps(bytes, { maxMembers: 10, pieceBytes: 8 }))).toThrow(
        new JsonTooLongError('an array or object of more than 10 members'),
      );
      expect(runSteps(parseJsonInSteps(bytes, { maxMembers: 11, pieceBytes: 8 }))).toStrictEqual(JSON.parse(text));
    }
  });
});

describe('parseJsonInSteps with a bound on values', () => {
  it('refuses a string or number of more bytes than allowed, before parsing anything, wherever it lies', () => {
    const long = `"${'x'.repeat(100)}"`;
    const number = '1'.repeat(100);
    for (const text of [
      long,
      ` ${number} `,
      `[1,${long},2]`,
      `{"a":{"b":[${number}]}}`,
      `[${'0,'.repeat(40)}${long}]`,
    ]) {
      const bytes = Buffer.from(text);
      expect(() => runSteps(parseJsonInSteps(bytes, { maxValueBytes: 90, pieceBytes: 8 })), text).toThrow(
        new JsonTooLongError('a string or number of more than 90 bytes'),
      );
      same(inSteps(bytes, 8), parsed(bytes));
      expect(runSteps(parseJsonInSteps(bytes, { maxValueBytes: 110, pieceBytes: 8 }))).toStrictEqual(JSON.parse(text));
    }
  });
});

describe('jsonPieces', () => {
  it('joined, is the text of JSON.stringify; members are written when it is called, elements as they are taken', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.constant(undefined))), (value) => {
        expect([...jsonPieces(value)].join('')).toBe(JSON.stringify(value));
        expect([...jsonParts(value, 16)].join('')).toBe(JSON.stringify(value));
      }),
      { numRuns: 1000 },
    );
    const settings = { day: 'monday' };
    const value = { settings, changes: [{ a: 1 }, { b: 2 }], after: 1 };
    const pieces = jsonPieces(value);
    settings.day = 'tuesday';
    expect([...pieces].join('')).toBe('{"settings":{"day":"monday"},"changes":[{"a":1},{"b":2}],"after":1}');
  });
});
