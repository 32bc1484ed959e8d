import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

function Opener({ onClose = () => undefined, nested = false }: { onClose?: () => void; nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open profile
      </button>
      <Dialog open={open} onClose={close} title={<h2 id="named-by">Viper</h2>} labelledBy="named-by" width={760}>
        <a href="/tracker/matches/1">Match #1</a>
        <button type="button">Copy link</button>
        {/* Like antd's confirm: a React child of the dialog rendered elsewhere in the page. */}
        {nested && createPortal(<input aria-label="Elsewhere" />, document.body)}
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a modal dialog named by its heading, in the page only while open', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open profile' }));

    const dialog = screen.getByRole('dialog', { name: 'Viper' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.style.width).toBe('760px');
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('takes the focus, keeps Tab inside, and gives the focus back on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open profile' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Match #1' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Copy link' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Copy link' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes on a click beside it, not on one inside it or on a drag that ends beside it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open profile' }));
    const dialog = screen.getByRole('dialog');
    const backdrop = dialog.parentElement!;

    await user.click(dialog);
    fireEvent.mouseDown(dialog);
    fireEvent.mouseUp(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves Escape to what it opened elsewhere in the page (an antd confirm)', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Opener onClose={onClose} nested />);
    await user.click(screen.getByRole('button', { name: 'Open profile' }));
    screen.getByRole('textbox', { name: 'Elsewhere' }).focus();

    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
