import { formatFieldPath, type ContentIssue, type FieldPath } from './contentIssue.ts';
import type { YamlSource } from './yamlSource.ts';

/** A `{token}` that is not a deck setting, located at the field that uses it. */
export function unknownToken(source: Pick<YamlSource, 'file' | 'locate'>, path: FieldPath, token: string): ContentIssue {
  return {
    severity: 'error',
    file: source.file,
    ...source.locate(path),
    field: formatFieldPath(path),
    message: `{${token}} is not a deck setting`,
  };
}
