/**
 * A button that opens a menu (WAI-ARIA menu button): the menu's items are radio choices
 * (one of a group checked) or check boxes; arrow keys, Home and End move through them,
 * Enter or space picks, Escape or Tab closes it and the focus returns to the button. A
 * click outside closes it too. Shared by the player's control bar and any panel with a
 * choice to make in few pixels.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuChoice {
  readonly key: string;
  readonly label: string;
  /** radio: one of its group; check: on or off by itself. */
  readonly kind: 'radio' | 'check';
  readonly checked: boolean;
  readonly disabled?: boolean;
  /** Items of one radio group share a heading (shown above its first item). */
  readonly group?: string;
}

interface MenuButtonProps {
  /** What the menu chooses (e.g. "Definition"): the menu's name, and the button's unless `buttonLabel` says more. */
  readonly label: string;
  /** The button's accessible name where it shows a value ("Definition HD"): it must contain what the button shows. */
  readonly buttonLabel?: string;
  /** What the button shows: an icon or the current value. */
  readonly children: ReactNode;
  readonly items: readonly MenuChoice[];
  onSelect(key: string): void;
  readonly className?: string;
  readonly disabled?: boolean;
  /** Told when the menu opens or closes (the player keeps its bar shown while open). */
  onOpenChange?(open: boolean): void;
}

export function MenuButton({ label, buttonLabel, children, items, onSelect, className, disabled, onOpenChange }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  // Roving tab stop: the item with the focus (else the checked one) is the menu's one tab stop.
  const [active, setActive] = useState<string | null>(null);
  const tabStop = active ?? items.find((item) => item.checked && item.disabled !== true)?.key ?? items.find((item) => item.disabled !== true)?.key;
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const root = useRef<HTMLDivElement>(null);

  const setOpenAndTell = useCallback(
    (next: boolean) => {
      setOpen(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );
  const close = useCallback(
    (refocus: boolean) => {
      setOpenAndTell(false);
      if (refocus) button.current?.focus();
    },
    [setOpenAndTell],
  );

  const enabledItems = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])') ?? []);

  useEffect(() => {
    if (!open) return;
    // Focus the checked item (or the first) when the menu opens.
    const list = enabledItems();
    (list.find((el) => el.getAttribute('aria-checked') === 'true') ?? list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (root.current !== null && event.target instanceof Node && !root.current.contains(event.target)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = enabledItems();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focus(index + 1);
        break;
      case 'ArrowUp':
        focus(index - 1);
        break;
      case 'Home':
        focus(0);
        break;
      case 'End':
        focus(list.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        close(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const pick = (item: MenuChoice) => {
    if (item.disabled === true) return;
    onSelect(item.key);
    close(true);
  };

  return (
    <div className={['menu-button', className].filter(Boolean).join(' ')} ref={root}>
      <button
        ref={button}
        type="button"
        className="menu-button__button"
        aria-label={buttonLabel ?? label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpenAndTell(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpenAndTell(true);
          }
        }}
      >
        {children}
      </button>
      {open && (
        <ul ref={menu} id={menuId} role="menu" aria-label={label} className="menu-button__menu" onKeyDown={onMenuKeyDown}>
          {items.map((item, index) => {
            const heading = item.group !== undefined && item.group !== items[index - 1]?.group ? item.group : null;
            return (
              <li key={item.key} role="none">
                {heading !== null && (
                  <span className="menu-button__group" aria-hidden="true">
                    {heading}
                  </span>
                )}
                <button
                  type="button"
                  role={item.kind === 'radio' ? 'menuitemradio' : 'menuitemcheckbox'}
                  aria-checked={item.checked}
                  aria-disabled={item.disabled === true ? true : undefined}
                  aria-label={item.group !== undefined ? `${item.group}: ${item.label}` : undefined}
                  tabIndex={item.key === tabStop ? 0 : -1}
                  onFocus={() => setActive(item.key)}
                  className="menu-button__item"
                  onClick={() => pick(item)}
                >
                  {item.label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
