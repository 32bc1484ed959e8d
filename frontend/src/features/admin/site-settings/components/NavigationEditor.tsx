import { Button, Input, Select, Space, Switch, Tag } from 'antd';
import { BUILTIN_NAV_ENTRIES, MAX_NAV_ENTRIES, type NavEntry, type Page } from '@team/contracts';
import { useState } from 'react';

interface NavigationEditorProps {
  value: NavEntry[];
  onChange: (next: NavEntry[]) => void;
  /** The page builder's pages a custom entry may point at. */
  pages: readonly Page[];
}

function entryLabel(entry: NavEntry): string {
  return entry.kind === 'builtin' ? BUILTIN_NAV_ENTRIES[entry.id].label : entry.label;
}

function entryTarget(entry: NavEntry): string {
  return entry.kind === 'builtin' ? BUILTIN_NAV_ENTRIES[entry.id].href : entry.kind === 'page' ? `/${entry.slug}` : entry.url;
}

/**
 * The top navigation's entries in order: move up and down, hide and show, and add pages of the
 * page builder or external links (which open in a new tab). Built-in entries can be hidden, not
 * removed; they keep their names and paths.
 */
export function NavigationEditor({ value, onChange, pages }: NavigationEditorProps) {
  const [slug, setSlug] = useState<string | undefined>();
  const [linkLabel, setLinkLabel] = useState('');
  const [linkUrl, setLinkUrl] = useState('');
  const full = value.length >= MAX_NAV_ENTRIES;
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };
  const custom = pages.filter((page) => !page.isSystem);
  return (
    <div className="navigation-editor">
      <ol className="navigation-entries" aria-label="Navigation entries">
        {value.map((entry, index) => {
          const label = entryLabel(entry);
          return (
            <li key={`${entry.kind}:${entryTarget(entry)}`} className={entry.hidden ? 'navigation-entry hidden' : 'navigation-entry'}>
              <span className="navigation-entry-name">
                {entry.kind === 'page' || entry.kind === 'link' ? (
                  <Input
                    aria-label={`Label of ${entryTarget(entry)}`}
                    value={entry.label}
                    maxLength={40}
                    onChange={(event) => onChange(value.map((other, at) => (at === index ? { ...entry, label: event.target.value } : other)))}
                  />
                ) : (
                  <strong>{label}</strong>
                )}
                <span className="muted">{entryTarget(entry)}</span>
                {entry.kind === 'link' && <Tag>opens in a new tab</Tag>}
              </span>
              <Space wrap>
                <Switch
                  checked={!entry.hidden}
                  checkedChildren="Shown"
                  unCheckedChildren="Hidden"
                  aria-label={`Show ${label}`}
                  onChange={(shown) => onChange(value.map((other, at) => (at === index ? { ...other, hidden: !shown } : other)))}
                />
                <Button size="small" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                  ↑
                </Button>
                <Button size="small" aria-label={`Move ${label} down`} disabled={index === value.length - 1} onClick={() => move(index, 1)}>
                  ↓
                </Button>
                {entry.kind !== 'builtin' && (
                  <Button size="small" danger aria-label={`Remove ${label}`} onClick={() => onChange(value.filter((_, at) => at !== index))}>
                    Remove
                  </Button>
                )}
              </Space>
            </li>
          );
        })}
      </ol>
      <div className="navigation-add">
        <Space.Compact>
          <Select
            aria-label="Page to add"
            placeholder={custom.length ? 'A page of the page builder' : 'No pages yet: create one in the Page Builder'}
            style={{ minWidth: 240 }}
            value={slug}
            onChange={setSlug}
            options={custom.map((page) => ({ value: page.slug, label: `${page.title} (/${page.slug})` }))}
          />
          <Button
            disabled={!slug || full}
            onClick={() => {
              const page = custom.find((candidate) => candidate.slug === slug);
              if (!page) return;
              onChange([...value, { kind: 'page', slug: page.slug, label: page.title.slice(0, 40), hidden: false }]);
              setSlug(undefined);
            }}
          >
            Add page
          </Button>
        </Space.Compact>
        <Space.Compact>
          <Input aria-label="Link label" placeholder="Label" value={linkLabel} maxLength={40} onChange={(event) => setLinkLabel(event.target.value)} />
          <Input aria-label="Link address" placeholder="https://…" value={linkUrl} onChange={(event) => setLinkUrl(event.target.value)} />
          <Button
            disabled={!linkLabel.trim() || !linkUrl.trim() || full}
            onClick={() => {
              onChange([...value, { kind: 'link', url: linkUrl.trim(), label: linkLabel.trim(), hidden: false }]);
              setLinkLabel('');
              setLinkUrl('');
            }}
          >
            Add link
          </Button>
        </Space.Compact>
      </div>
    </div>
  );
}
