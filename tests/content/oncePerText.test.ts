import { describe, expect, it } from 'vitest';
import { oncePerText } from '../../src/content/oncePerText.ts';
import { readMdxBody } from '../../src/content/mdxBody.ts';
import { parseYamlSource } from '../../src/content/yamlSource.ts';

describe('oncePerText', () => {
  it('makes each text once while it is among the last ones asked for, and again once it has dropped out', () => {
    const made: string[] = [];
    const length = oncePerText(2, (text) => {
      made.push(text);
      return { length: text.length };
    });
    expect(length('a')).toBe(length('a'));
    length('bb');
    length('a');
    expect(made).toEqual(['a', 'bb']);
    length('ccc'); // three kept would be one too many: 'bb', the least recently asked ('a' was asked again), drops out
    length('a');
    expect(made).toEqual(['a', 'bb', 'ccc']);
    length('bb');
    expect(made).toEqual(['a', 'bb', 'ccc', 'bb']);
  });
});

describe('the content check reading a text again', () => {
  it('gives a changed slide body its own reading, and the same file with the same text the same one', () => {
    const before = readMdxBody('slides/x.mdx', '---\nname: X\n---\n\n<Setting name="phone" />\n');
    const after = readMdxBody('slides/x.mdx', '---\nname: X\n---\n\n<Setting name="company" />\n');
    expect(before.elements[0]!.attributes.name!.value).toBe('phone');
    expect(after.elements[0]!.attributes.name!.value).toBe('company');
    expect(readMdxBody('slides/x.mdx', '---\nname: X\n---\n\n<Setting name="phone" />\n')).toBe(before);
    // Another file with the same text is its own file: its syntax errors must name it.
    expect(readMdxBody('slides/y.mdx', '<Note>\n').issues[0]!.file).toBe('slides/y.mdx');
    expect(readMdxBody('slides/z.mdx', '<Note>\n').issues[0]!.file).toBe('slides/z.mdx');
  });

  it('gives each caller of one YAML text its own data, placed at its own line offset', () => {
    const first = parseYamlSource('slides/a.mdx', 'title: One\n', 1);
    const second = parseYamlSource('slides/b.mdx', 'title: One\n', 5);
    (first.data as { title: string }).title = 'changed by a caller';
    expect(second.data).toEqual({ title: 'One' });
    expect(first.locate(['title'])).toEqual({ line: 2, column: 8 });
    expect(second.locate(['title'])).toEqual({ line: 6, column: 8 });
    expect(second.file).toBe('slides/b.mdx');
  });
});
