import type { TableColumnsType, TableColumnType } from 'antd';
import { isValidElement, type Key, type ReactNode } from 'react';
import './audit-phone.css';

/** A render's answer as a node: antd lets a column answer `{ children, props }` too. */
function cellNode(cell: unknown): ReactNode {
  if (cell != null && typeof cell === 'object' && !isValidElement(cell) && !(Symbol.iterator in cell) && 'children' in cell) {
    return (cell as { children?: ReactNode }).children;
  }
  return cell as ReactNode;
}

/**
 * The audit log below 768 px: the desktop columns, whatever they are, drawn as one column
 * whose cell lists each of them with its title (Position, Time, Type, Actor, Summary,
 * Stream), so every event's key facts show on a phone without a 960 px sideways scroll. The
 * cells come from the desktop columns' own renders: what they show, the phone shows.
 */
export function phoneColumns<T extends object>(columns: TableColumnsType<T>): TableColumnsType<T> {
  const fields = columns.filter((column): column is TableColumnType<T> => !('children' in column));
  return [
    {
      title: 'Event',
      key: 'event',
      render: (_value: unknown, record: T, index: number) => (
        <dl className="audit-phone-event">
          {fields.map((column, position) => {
            const field = typeof column.dataIndex === 'string' ? column.dataIndex : undefined;
            const value = field === undefined ? undefined : (record as Record<string, unknown>)[field];
            const key: Key = column.key ?? field ?? position;
            return (
              <div key={key} data-field={field}>
                <dt>{typeof column.title === 'function' ? null : column.title}</dt>
                <dd>{column.render ? cellNode(column.render(value, record, index)) : (value as ReactNode)}</dd>
              </div>
            );
          })}
        </dl>
      ),
    },
  ];
}
