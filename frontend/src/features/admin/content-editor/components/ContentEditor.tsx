import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Alert, Button, Segmented, Spin } from 'antd';
import { CONTENT_PAGES, defaultSectionTemplates, type ContentPage } from '@team/contracts';
import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { AdminScreenHeader } from '../../shared/AdminScreenHeader';
import { useToast } from '@/components/ui/toast';
import { useSite } from '@/lib/site';
import { useGetEditorSectionsQuery } from '../api/get-sections';
import {
  invalidatePublicContent,
  useCreateSectionMutation,
  useDeleteSectionMutation,
  useReorderSectionsMutation,
  useUpdateSectionMutation,
} from '../api/save-sections';
import {
  draftFromSection,
  draftsFromTemplates,
  newSectionDraft,
  orderDiffers,
  planSectionSave,
  toCreateRequest,
  toUpdateRequest,
  type SectionDraft,
} from '../section-drafts';
import { saveFailureCause, saveStep } from '../section-save-error';
import { FallbackPreview } from './FallbackPreview';
import { SectionCard } from './SectionCard';
import { UserEditContext } from '../../shared/unsaved-changes/user-edit-context';
import { useUnsavedChangesPrompt } from '../../shared/unsaved-changes/use-unsaved-changes-prompt';

const PAGE_LABELS: Record<ContentPage, string> = { home: 'Home', about: 'About', roster: 'Roster' };

export interface ContentEditorProps {
  onLogout: () => void;
  /** True when the error was a rejected admin key (the session then ends). */
  handleAdminError: (error: unknown) => boolean;
  /** The clock for generated section ids; injectable for tests. */
  now?: () => number;
}

interface Loaded {
  page: ContentPage;
  /** Stored order of the saved sections, to know whether a Save must also send the order. */
  storedOrder: number[];
}

export function ContentEditor({ onLogout, handleAdminError, now = Date.now }: ContentEditorProps) {
  const { toast } = useToast();
  const dispatch = useDispatch();
  const { teamName, tagline } = useSite();
  const [page, setPage] = useState<ContentPage>('home');
  const [sections, setSections] = useState<SectionDraft[]>([]);
  const [removedIds, setRemovedIds] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  // Edits since the page's sections last loaded (a load follows every Save): leaving asks first.
  const [dirty, setDirty] = useState(false);
  const markDirty = () => setDirty(true);
  const confirmDiscard = useUnsavedChangesPrompt(dirty);
  const loaded = useRef<Loaded | null>(null);
  const [loadedPage, setLoadedPage] = useState<ContentPage | null>(null);

  const { currentData, isError, refetch } = useGetEditorSectionsQuery(page, { refetchOnMountOrArgChange: true });
  const [createSection] = useCreateSectionMutation();
  const [updateSection] = useUpdateSectionMutation();
  const [deleteSection] = useDeleteSectionMutation();
  const [reorderSections] = useReorderSectionsMutation();

  // A page's sections (re)load on a page change and after a Save: the local drafts start over.
  useEffect(() => {
    if (!currentData) return;
    setSections(currentData.map(draftFromSection));
    setRemovedIds([]);
    setDirty(false);
    loaded.current = { page, storedOrder: currentData.map((section) => section.id) };
    setLoadedPage(page);
    // `page` is the argument `currentData` belongs to; only new data starts the drafts over.
  }, [currentData]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const updateDraft = (key: string, patch: Partial<SectionDraft>) =>
    setSections((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));

  /** A card's change: an edit, except Quill's title and content on load (its user edits say so through UserEditContext). */
  const editDraft = (key: string, patch: Partial<SectionDraft>) => {
    if (Object.keys(patch).some((field) => field !== 'title' && field !== 'content')) markDirty();
    updateDraft(key, patch);
  };

  const removeDraft = (draft: SectionDraft) => {
    markDirty();
    setSections((current) => current.filter((other) => other.key !== draft.key));
    if (draft.id !== undefined) setRemovedIds((ids) => [...ids, draft.id!]);
  };

  const addSection = () => {
    markDirty();
    setSections((current) => [...current, newSectionDraft(now())]);
  };

  const createDefaults = () => {
    const templates = draftsFromTemplates(defaultSectionTemplates(page, { teamName, tagline }), now());
    markDirty();
    setSections((current) => [...current, ...templates]);
    toast({ title: 'Template Loaded', description: `Added ${templates.length} default sections for ${page} page` });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = sections.findIndex((draft) => draft.key === active.id);
    const to = sections.findIndex((draft) => draft.key === over.id);
    if (from < 0 || to < 0) return;
    const next = arrayMove(sections, from, to);
    setSections(next);
    markDirty();
    // docs/product.md#states-and-transitions: the new order is saved at once, unless a section is not saved yet.
    if (!next.every((draft) => draft.id !== undefined)) return;
    const orderedIds = next.map((draft) => draft.id!);
    reorderSections({ page, body: { orderedIds } })
      .unwrap()
      .then(() => {
        if (loaded.current?.page === page) loaded.current.storedOrder = orderedIds;
      })
      .catch((error: unknown) => {
        if (handleAdminError(error)) return;
        toast({
          title: 'Warning',
          description: "Order changed but not saved. Click 'Save Changes' to persist.",
          variant: 'destructive',
        });
      });
  };

  const save = async () => {
    setSaving(true);
    const plan = planSectionSave(sections, removedIds);
    try {
      for (const id of plan.deletes) {
        await saveStep('delete', () => deleteSection(id).unwrap());
        setRemovedIds((ids) => ids.filter((removed) => removed !== id));
      }
      for (const draft of plan.updates) {
        await saveStep('update', () => updateSection({ id: draft.id, body: toUpdateRequest(draft) }).unwrap());
      }
      const createdIds = new Map<string, number>();
      for (const draft of plan.creates) {
        const created = await saveStep('create', () => createSection(toCreateRequest(page, draft)).unwrap());
        if (typeof created?.id === 'number') {
          createdIds.set(draft.key, created.id);
          updateDraft(draft.key, { id: created.id });
        }
      }
      const editorOrder = sections.map((draft) => draft.id ?? createdIds.get(draft.key));
      if (editorOrder.every((id): id is number => id !== undefined)) {
        const created = plan.creates.map((draft) => createdIds.get(draft.key)!);
        if (orderDiffers(loaded.current?.storedOrder ?? [], created, editorOrder)) {
          await reorderSections({ page, body: { orderedIds: editorOrder } }).unwrap();
        }
      }
      toast({ title: 'Success', description: 'Content updated successfully' });
    } catch (error) {
      if (!handleAdminError(saveFailureCause(error))) {
        // docs/product.md#messages: the log names the step that failed; the toast is the same for every step.
        console.error(error);
        toast({ title: 'Error', description: 'Failed to update content', variant: 'destructive' });
      }
    } finally {
      // docs/product.md#api-calls: after a save the content queries are refreshed (also after a partial one,
      // so the editor shows what the server kept). The editor stays read-only until its
      // own copy is back, so nothing typed meanwhile is replaced by the reload.
      dispatch(invalidatePublicContent(page));
      await refetch();
      setSaving(false);
    }
  };

  const ready = loadedPage === page;
  const count = sections.length;

  return (
    <div className="content-editor">
      <AdminScreenHeader title="Content Editor" subtitle="Edit the sections of the Home, About and Roster pages." onLogout={onLogout} />
      <div className="admin-toolbar">
        <Segmented<ContentPage>
          aria-label="Page"
          value={page}
          onChange={(next) => confirmDiscard(() => setPage(next))}
          options={CONTENT_PAGES.map((value) => ({ value, label: PAGE_LABELS[value] }))}
        />
        <span className="muted" aria-live="polite">
          {ready ? `${count} ${count === 1 ? 'section' : 'sections'}` : ''}
        </span>
        <span className="admin-toolbar-spacer" />
        <Button icon={<PlusOutlined />} onClick={addSection} disabled={!ready}>
          Add Section
        </Button>
        <Button type="primary" icon={<SaveOutlined />} onClick={save} loading={saving} disabled={!ready || saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>

      {isError && !ready && <Alert type="error" showIcon title="Failed to load content" />}
      {!ready && !isError && (
        <div className="screen-fallback">
          <Spin />
        </div>
      )}

      {ready && count === 0 && <FallbackPreview page={page} onCreateDefaults={createDefaults} />}

      {ready && count > 0 && (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={sections.map((draft) => draft.key)} strategy={verticalListSortingStrategy}>
            {/* Quill hands its own HTML back as a change when it loads a value: the rich text editor says
                when a person typed (UserEditContext), and the other fields' change events bubble here. */}
            <UserEditContext.Provider value={markDirty}>
            <div className="section-list" onChange={markDirty}>
              {sections.map((draft, index) => (
                <SectionCard
                  key={draft.key}
                  draft={draft}
                  position={index + 1}
                  onChange={(patch) => editDraft(draft.key, patch)}
                  onRemove={() => removeDraft(draft)}
                  disabled={saving}
                  withPlayer={page === 'roster'}
                />
              ))}
            </div>
            </UserEditContext.Provider>
          </SortableContext>
        </DndContext>
      )}
    </div>
  );
}
