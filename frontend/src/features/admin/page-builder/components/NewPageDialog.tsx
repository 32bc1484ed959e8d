import { Input, Modal } from 'antd';
import { isReservedSlug, reservedSlugMessage } from '@team/contracts';
import { useId, type FormEvent } from 'react';
import { normalizeSlug } from '../block-drafts';

export interface NewPageDialogProps {
  open: boolean;
  title: string;
  slug: string;
  creating: boolean;
  onTitleChange: (title: string) => void;
  onSlugChange: (slug: string) => void;
  onCreate: () => void;
  onCancel: () => void;
}

/** docs/product.md#screens-and-routes New Page dialog: Page Title, URL Slug and where the page will be. */
export function NewPageDialog({ open, title, slug, creating, onTitleChange, onSlugChange, onCreate, onCancel }: NewPageDialogProps) {
  const id = useId();
  // The server refuses a route's slug too; saying so here spares a round trip and a toast.
  const refusal = slug !== '' && isReservedSlug(slug) ? reservedSlugMessage(slug) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCreate();
  };

  return (
    <Modal
      open={open}
      title="Create New Page"
      okText="Create Page"
      onOk={onCreate}
      onCancel={onCancel}
      confirmLoading={creating}
      okButtonProps={{ disabled: refusal !== null }}
      destroyOnHidden
    >
      <form onSubmit={submit} className="admin-fields">
        <div className="admin-field">
          <label className="admin-field-label" htmlFor={`${id}-title`}>
            Page Title
          </label>
          <Input
            id={`${id}-title`}
            value={title}
            onChange={(event) => onTitleChange(event.target.value)}
            placeholder="Tournament Results"
            autoFocus
          />
        </div>
        <div className="admin-field">
          <label className="admin-field-label" htmlFor={`${id}-slug`}>
            URL Slug
          </label>
          <Input
            id={`${id}-slug`}
            value={slug}
            onChange={(event) => onSlugChange(normalizeSlug(event.target.value))}
            placeholder="tournament-results"
            status={refusal ? 'error' : undefined}
            aria-invalid={refusal !== null}
            aria-describedby={`${id}-slug-note`}
          />
          {refusal ? (
            <p id={`${id}-slug-note`} className="slug-preview slug-refused" role="alert">
              {refusal}
            </p>
          ) : (
            <p id={`${id}-slug-note`} className="slug-preview">
              Will be accessible at: /{slug}
            </p>
          )}
        </div>
        {/* Enter in either field creates the page. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}
