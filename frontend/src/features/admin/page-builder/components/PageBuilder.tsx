import { DeleteOutlined, EyeOutlined, FileOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Popconfirm, Spin, Tag } from 'antd';
import { isShadowedPage, pagePath, type BlockType, type Page } from '@team/contracts';
import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { serverErrorMessage } from '@/lib/api';
import { AdminScreenHeader } from '../../shared/AdminScreenHeader';
import { useToast } from '@/components/ui/toast';
import { useCreatePageMutation, useDeletePageMutation, useGetAdminPagesQuery, useGetEditorPageQuery } from '../api/pages';
import { invalidatePublicPage, useCreateBlockMutation, useDeleteBlockMutation, useUpdateBlockMutation } from '../api/save-blocks';
import {
  draftFromBlock,
  moveBlock,
  newBlockDraft,
  planBlockSave,
  removeBlock,
  toSaveRequest,
  type BlockDraft,
} from '../block-drafts';
import { BlockCard } from './BlockCard';
import { UserEditContext } from '../../shared/unsaved-changes/user-edit-context';
import { useUnsavedChangesPrompt } from '../../shared/unsaved-changes/use-unsaved-changes-prompt';
import { AddBlockTiles, NoPageSelected } from './page-editor-parts';
import { NewPageDialog } from './NewPageDialog';
import { listedAddress, ShadowedPageNotice } from './ShadowedPageNotice';

export interface PageBuilderProps {
  onLogout: () => void;
  /** True when the error was a rejected admin key (the session then ends). */
  handleAdminError: (error: unknown) => boolean;
}

export function PageBuilder({ onLogout, handleAdminError }: PageBuilderProps) {
  const { toast } = useToast();
  const dispatch = useDispatch();
  const [selectedSlug, setSelectedSlug] = useState<string | null>(null);
  const [blocks, setBlocks] = useState<BlockDraft[]>([]);
  const [removedIds, setRemovedIds] = useState<number[]>([]);
  const [loadedSlug, setLoadedSlug] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Edits since the selected page's blocks last loaded (a load follows every Save): leaving asks first.
  const [dirty, setDirty] = useState(false);
  const markDirty = () => setDirty(true);
  const confirmDiscard = useUnsavedChangesPrompt(dirty);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [newTitle, setNewTitle] = useState('');
  const [newSlug, setNewSlug] = useState('');
  const nextKey = useRef(0);

  const pages = useGetAdminPagesQuery(undefined, { refetchOnMountOrArgChange: true });
  const {
    currentData: page,
    isError: pageFailed,
    refetch: refetchPage,
  } = useGetEditorPageQuery(selectedSlug ?? '', {
    skip: selectedSlug === null,
    refetchOnMountOrArgChange: true,
  });
  const [createPage, { isLoading: creating }] = useCreatePageMutation();
  const [deletePage, { isLoading: deleting }] = useDeletePageMutation();
  const [createBlock] = useCreateBlockMutation();
  const [updateBlock] = useUpdateBlockMutation();
  const [deleteBlock] = useDeleteBlockMutation();

  // The selected page's blocks (re)load when it is chosen and after a Save.
  useEffect(() => {
    if (!page) return;
    setBlocks([...page.contentBlocks].sort((a, b) => a.order - b.order).map(draftFromBlock));
    setRemovedIds([]);
    setDirty(false);
    setLoadedSlug(page.slug);
  }, [page]);

  const selectPage = (slug: string | null) => {
    setSelectedSlug(slug);
    setLoadedSlug(null);
    setBlocks([]);
    setRemovedIds([]);
    setDirty(false);
  };

  const closeDialog = () => { setDialogOpen(false); setNewTitle(''); setNewSlug(''); };

  const create = async () => {
    const slug = newSlug.trim();
    const title = newTitle.trim();
    if (!slug || !title) {
      toast({ title: 'Error', description: 'Please enter both slug and title', variant: 'destructive' });
      return;
    }
    try {
      const created = await createPage({ slug, title }).unwrap();
      closeDialog();
      toast({ title: 'Success', description: 'Page created successfully' });
      if (created && typeof created.slug === 'string') selectPage(created.slug);
    } catch (error) {
      if (handleAdminError(error)) return;
      toast({ title: 'Error', description: serverErrorMessage(error, 'Failed to create page'), variant: 'destructive' });
    }
  };

  const remove = async (target: Page) => {
    try {
      await deletePage(target).unwrap();
      selectPage(null);
      toast({ title: 'Success', description: 'Page deleted successfully' });
    } catch (error) {
      if (handleAdminError(error)) return;
      toast({ title: 'Error', description: serverErrorMessage(error, 'Failed to delete page'), variant: 'destructive' });
    }
  };

  const addBlock = (blockType: BlockType) => {
    nextKey.current += 1;
    markDirty();
    setBlocks((current) => [...current, newBlockDraft(blockType, current.length, `new-${nextKey.current}`)]);
  };

  const updateDraft = (key: string, patch: Partial<BlockDraft>) =>
    setBlocks((current) => current.map((block) => (block.key === key ? { ...block, ...patch } : block)));

  /** A card's change: an edit, except Quill's content on load (its user edits say so through UserEditContext). */
  const editDraft = (key: string, patch: Partial<BlockDraft>) => {
    if (Object.keys(patch).some((field) => field !== 'content')) markDirty();
    updateDraft(key, patch);
  };

  const removeDraft = (index: number) => {
    const block = blocks[index];
    markDirty();
    if (block?.id !== undefined) setRemovedIds((ids) => [...ids, block.id!]);
    setBlocks((current) => removeBlock(current, index));
  };

  const save = async () => {
    if (!page) return;
    setSaving(true);
    const plan = planBlockSave(blocks, removedIds);
    try {
      for (const id of plan.deletes) {
        await deleteBlock(id).unwrap();
        setRemovedIds((ids) => ids.filter((removed) => removed !== id));
      }
      for (const block of plan.updates) {
        await updateBlock({ ...toSaveRequest(block, page.id), id: block.id }).unwrap();
      }
      for (const block of plan.creates) {
        const created = await createBlock(toSaveRequest(block, page.id)).unwrap();
        if (typeof created?.id === 'number') updateDraft(block.key, { id: created.id });
      }
      toast({ title: 'Success', description: 'Page content saved successfully' });
    } catch (error) {
      if (!handleAdminError(error)) {
        toast({
          title: 'Error',
          description: serverErrorMessage(error, 'Failed to save page content'),
          variant: 'destructive',
        });
      }
    } finally {
      // The public page reads again; the builder waits for its own copy before editing resumes.
      dispatch(invalidatePublicPage(page.slug));
      await refetchPage();
      setSaving(false);
    }
  };

  const pageList = pages.data ?? [];
  const selected = pageList.find((candidate) => candidate.slug === selectedSlug) ?? page ?? null;
  const ready = selectedSlug !== null && loadedSlug === selectedSlug && page !== undefined;

  return (
    <div>
      <AdminScreenHeader title="Page Builder" subtitle="Create pages and build them from content blocks." onLogout={onLogout} />
      <div className="page-builder">
        <Card
          size="small"
          title="Pages"
          extra={
            <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setDialogOpen(true)}>
              New Page
            </Button>
          }
        >
          {pages.isLoading && <Spin />}
          {pages.isError && <Alert type="error" showIcon title="Failed to fetch pages" />}
          <ul className="page-list" aria-label="Pages">
            {pageList.map((candidate) => (
              <li key={candidate.id}>
                <button
                  type="button"
                  className={candidate.slug === selectedSlug ? 'page-list-item selected' : 'page-list-item'}
                  aria-current={candidate.slug === selectedSlug ? 'page' : undefined}
                  onClick={() => {
                    if (candidate.slug !== selectedSlug) confirmDiscard(() => selectPage(candidate.slug));
                  }}
                >
                  <FileOutlined />
                  <span className="page-list-item-text">
                    <span>{candidate.title}</span>
                    <span className="page-list-item-slug">{listedAddress(candidate.slug)}</span>
                  </span>
                  {candidate.isSystem && <Tag>System</Tag>}
                </button>
              </li>
            ))}
          </ul>
        </Card>

        <div className="page-editor">
          {selectedSlug === null && <NoPageSelected />}
          {selectedSlug !== null && !ready && !pageFailed && (
            <div className="screen-fallback">
              <Spin />
            </div>
          )}
          {selectedSlug !== null && pageFailed && !ready && <Alert type="error" showIcon title="Failed to fetch page" />}
          {ready && selected && (
            <>
              <div className="page-editor-header">
                <div style={{ flex: 1, minWidth: 0 }}>
                  <h2>{selected.title}</h2>
                  <span className="muted">{listedAddress(selected.slug)}</span>
                </div>
                {/* The home page's blocks show on /, below its sections (as About's and Roster's on theirs). */}
                <Button icon={<EyeOutlined />} href={pagePath(selected.slug)} target="_blank" rel="noopener noreferrer">
                  Preview
                </Button>
                {dirty && (
                  <span className="muted preview-saved-note" role="status">
                    Preview shows the saved version: save to see your changes.
                  </span>
                )}
                {!selected.isSystem && (
                  <Popconfirm
                    title="Delete this page?"
                    description="The page and all of its blocks are removed."
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(selected)}
                  >
                    <Button danger icon={<DeleteOutlined />} loading={deleting}>
                      Delete Page
                    </Button>
                  </Popconfirm>
                )}
                <Button type="primary" icon={<SaveOutlined />} onClick={save} loading={saving} disabled={saving}>
                  {saving ? 'Saving...' : 'Save Changes'}
                </Button>
              </div>

              {isShadowedPage(selected.slug) && <ShadowedPageNotice slug={selected.slug} />}

              {/* Read-only while a Save runs (the reload would replace what is typed). Quill reports its own
                  HTML as a change on load, so the editor says when a person typed (UserEditContext). */}
              <UserEditContext.Provider value={markDirty}>
              <fieldset className="block-list" disabled={saving} onChange={markDirty}>
                {blocks.length === 0 && (
                  <Card className="admin-empty">
                    <p className="muted">This page has no content blocks yet. Add one below.</p>
                  </Card>
                )}
                {blocks.map((block, index) => (
                  <BlockCard
                    key={block.key}
                    block={block}
                    index={index}
                    count={blocks.length}
                    onChange={(patch) => editDraft(block.key, patch)}
                    onMove={(direction) => {
                      markDirty();
                      setBlocks((current) => moveBlock(current, index, direction));
                    }}
                    onRemove={() => removeDraft(index)}
                  />
                ))}
              </fieldset>
              </UserEditContext.Provider>

              <AddBlockTiles onAdd={addBlock} />
            </>
          )}
        </div>
      </div>

      <NewPageDialog
        open={dialogOpen}
        title={newTitle}
        slug={newSlug}
        creating={creating}
        onTitleChange={setNewTitle}
        onSlugChange={setNewSlug}
        onCreate={create}
        onCancel={closeDialog}
      />
    </div>
  );
}
