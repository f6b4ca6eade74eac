// Where JSON text first goes wrong, and how, without quoting it. JSON.parse's messages carry an
// excerpt of the text (`Unexpected token 's', "{"secret": s3cr..." is not valid JSON`), which a
// scenario error must never show; this scan finds the same place and names only the kind of
// problem. It runs only after JSON.parse has refused the text, and keeps no recursion, so any
// nesting is safe.

export interface JsonSyntaxError {
  /** 1-based line and column of the character at fault (or just past the end). */
  line: number;
  column: number;
  problem: string;
}

type Expect = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'after';

const LITERALS = ['true', 'false', 'null'];
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/** The first syntax error of the text, or undefined when it is valid JSON. */
export function jsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const failure = scan(text);
  if (failure === undefined) return undefined;
  const before = text.slice(0, failure.offset);
  const line = before.split('\n').length;
  const column = failure.offset - (before.lastIndexOf('\n') + 1) + 1;
  return { line, column, problem: failure.problem };
}

function scan(text: string): { offset: number; problem: string } | undefined {
  const open: string[] = [];
  // Widened on purpose: the closures below also move it, which narrowing does not see.
  let expect = 'value' as Expect;
  let i = 0;
  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
    if (i >= text.length) {
      return expect === 'after' && open.length === 0 ? undefined : { offset: i, problem: 'unexpected end of the text' };
    }
    const c = text[i]!;
    const fail = (problem: string) => ({ offset: i, problem });
    const close = () => {
      open.pop();
      i++;
      expect = 'after';
    };
    // A string at i; afterwards `next` is expected. Answers the problem when it is not one.
    const string = (next: Expect) => {
      const end = stringEnd(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      expect = next;
      return undefined;
    };
    switch (expect) {
      case 'value':
      case 'valueOrClose': {
        if (c === ']' && expect === 'valueOrClose') close();
        else if (c === '{' || c === '[') {
          open.push(c);
          i++;
          expect = c === '{' ? 'keyOrClose' : 'valueOrClose';
        } else if (c === '"') {
          const problem = string('after');
          if (problem) return problem;
        } else {
          NUMBER.lastIndex = i;
          const literal = LITERALS.find((l) => text.startsWith(l, i));
          if (literal) i += literal.length;
          else if (NUMBER.test(text)) i = NUMBER.lastIndex;
          else return fail('a value was expected here');
          expect = 'after';
        }
        break;
      }
      case 'key':
      case 'keyOrClose': {
        if (c === '}' && expect === 'keyOrClose') close();
        else if (c === '"') {
          const problem = string('colon');
          if (problem) return problem;
        } else return fail('a property name in double quotes was expected here');
        break;
      }
      case 'colon':
        if (c !== ':') return fail("a ':' was expected after the property name");
        i++;
        expect = 'value';
        break;
      case 'after': {
        const inside = open.at(-1);
        if (inside === undefined) return fail('unexpected text after the JSON value');
        const close = inside === '{' ? '}' : ']';
        if (c === ',') expect = inside === '{' ? 'key' : 'value';
        else if (c === close) {
          open.pop();
          expect = 'after';
        } else return fail(`a ',' or '${close}' was expected here`);
        i++;
        break;
      }
    }
  }
}

/** The index just past the string starting at `start` (a `"`), or where and why it is not one. */
function stringEnd(text: string, start: number): number | { offset: number; problem: string } {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') return i + 1;
    if (c === '\\') {
      const next = text[i + 1];
      if (next !== undefined && ESCAPES.has(next)) i += 2;
      else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
      else return { offset: i, problem: 'an escape sequence that is not valid in a string' };
    } else if (c.charCodeAt(0) < 0x20) return { offset: i, problem: 'a control character inside a string' };
    else i++;
  }
  return { offset: i, problem: 'a string that is not closed' };
}
