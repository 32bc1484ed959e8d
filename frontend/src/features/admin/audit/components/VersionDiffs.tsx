import { Tag } from 'antd';
import type { PageVersion, SectionVersion } from '@team/contracts';
import { blockName, diffPages, diffSections, type TextChange, type ValueChange } from '../version-diff';
import { hasChanges } from '../word-diff';
import { WordDiffView } from './WordDiffView';

function ChangedTag({ changed }: { changed: boolean }) {
  return changed ? <Tag color="orange">Changed</Tag> : <Tag>Unchanged</Tag>;
}

function TextFields({ texts }: { texts: TextChange[] }) {
  return texts.map((field) => (
    <section key={field.label} className="history-field">
      <h4>
        {field.label} <ChangedTag changed={hasChanges(field.parts)} />
      </h4>
      <WordDiffView parts={field.parts} />
    </section>
  ));
}

function ValueList({ values }: { values: ValueChange[] }) {
  if (values.length === 0) return null;
  return (
    <ul className="history-values">
      {values.map((value) => (
        <li key={value.label}>
          {value.label}: <del>{value.before}</del> → <ins>{value.after}</ins>
        </li>
      ))}
    </ul>
  );
}

export function SectionVersionDiff({ older, newer }: { older: SectionVersion; newer: SectionVersion }) {
  const diff = diffSections(older.section, newer.section);
  return (
    <div className="history-diff" aria-label={`Changes from version ${older.version} to version ${newer.version}`}>
      <TextFields texts={diff.texts} />
      {diff.values.length > 0 && (
        <section className="history-field">
          <h4>Other fields</h4>
          <ValueList values={diff.values} />
        </section>
      )}
    </div>
  );
}

const BLOCK_STATUS: Record<string, { label: string; color?: string }> = {
  added: { label: 'Added', color: 'green' },
  removed: { label: 'Removed', color: 'red' },
  changed: { label: 'Changed', color: 'orange' },
  unchanged: { label: 'Unchanged' },
};

export function PageVersionDiff({ older, newer }: { older: PageVersion; newer: PageVersion }) {
  const diff = diffPages(older.page, newer.page);
  return (
    <div className="history-diff" aria-label={`Changes from version ${older.version} to version ${newer.version}`}>
      <TextFields texts={diff.texts} />
      {diff.values.length > 0 && <ValueList values={diff.values} />}
      <section className="history-field">
        <h4>Blocks</h4>
        {diff.blocks.length === 0 && <p className="muted">Neither version has blocks.</p>}
        <div className="history-diff">
          {diff.blocks.map((entry) => (
            <div key={entry.block.id} className={`history-block ${entry.status}`}>
              <div className="history-block-header">
                {blockName(entry.block)} <Tag color={BLOCK_STATUS[entry.status]!.color}>{BLOCK_STATUS[entry.status]!.label}</Tag>
              </div>
              {entry.text.length > 0 ? <WordDiffView parts={entry.text} /> : <p className="word-diff muted">(no text)</p>}
              <ValueList values={entry.settings} />
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
