import { Fragment } from 'react';
import type { DiffPart } from '../word-diff';

/** A word diff as text: additions underlined in green, removals struck through in red. */
export function WordDiffView({ parts }: { parts: DiffPart[] }) {
  if (parts.length === 0) return <p className="word-diff muted">(empty)</p>;
  return (
    <p className="word-diff">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && ' '}
          {part.kind === 'same' && <span>{part.text}</span>}
          {part.kind === 'added' && <ins title="Added">{part.text}</ins>}
          {part.kind === 'removed' && <del title="Removed">{part.text}</del>}
        </Fragment>
      ))}
    </p>
  );
}
