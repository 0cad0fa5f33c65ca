// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { gridCell, isLastCell, nextCell, useGridKeyboard } from '../../../src/resources/projects/orders/useGridKeyboard';

describe('nextCell', () => {
  // Row 1 has no cell in column 1 (a read-only cell).
  const cells = [
    { row: 0, col: 0 },
    { row: 0, col: 1 },
    { row: 1, col: 0 },
    { row: 2, col: 0 },
    { row: 2, col: 1 },
  ];

  it('Tab and Shift+Tab go through the cells row by row and leave the grid at its ends', () => {
    expect(nextCell(cells, { row: 0, col: 1 }, 'Tab')).toEqual({ row: 1, col: 0 });
    expect(nextCell(cells, { row: 1, col: 0 }, 'ShiftTab')).toEqual({ row: 0, col: 1 });
    expect(nextCell(cells, { row: 2, col: 1 }, 'Tab')).toBeNull();
    expect(nextCell(cells, { row: 0, col: 0 }, 'ShiftTab')).toBeNull();
  });

  it('Enter and the arrows keep the column, skipping rows without that column', () => {
    expect(nextCell(cells, { row: 0, col: 1 }, 'Enter')).toEqual({ row: 2, col: 1 });
    expect(nextCell(cells, { row: 2, col: 1 }, 'ArrowUp')).toEqual({ row: 0, col: 1 });
    expect(nextCell(cells, { row: 1, col: 0 }, 'ArrowDown')).toEqual({ row: 2, col: 0 });
    expect(nextCell(cells, { row: 2, col: 0 }, 'Enter')).toBeNull();
  });

  it('knows the last cell of the grid', () => {
    expect(isLastCell(cells, { row: 2, col: 1 })).toBe(true);
    expect(isLastCell(cells, { row: 2, col: 0 })).toBe(false);
  });
});

function Grid({ onEnterAtEnd }: { onEnterAtEnd?: (row: number, col: number, last: boolean) => boolean | void }) {
  const { gridProps } = useGridKeyboard({ onEnterAtEnd });
  return (
    <table>
      <tbody {...gridProps}>
        {[0, 1].map((row) => (
          <tr key={row}>
            <td>
              <input aria-label={`text ${row}`} defaultValue={`room ${row}`} {...gridCell(row, 0)} />
            </td>
            <td>
              <select aria-label={`select ${row}`} defaultValue="a" {...gridCell(row, 1)}>
                <option value="a">A</option>
                <option value="b">B</option>
              </select>
            </td>
            <td>
              <input aria-label={`number ${row}`} type="number" defaultValue={row + 5} {...gridCell(row, 2)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const element = (label: string) => screen.getByLabelText(label);
const focused = () => document.activeElement?.getAttribute('aria-label');

describe('useGridKeyboard', () => {
  it('moves with Tab, Shift+Tab, Enter and the arrows like a spreadsheet', () => {
    render(<Grid />);
    element('text 0').focus();
    fireEvent.keyDown(element('text 0'), { key: 'Tab' });
    expect(focused()).toBe('select 0');
    fireEvent.keyDown(element('select 0'), { key: 'Tab' });
    fireEvent.keyDown(element('number 0'), { key: 'Tab' });
    expect(focused()).toBe('text 1');
    fireEvent.keyDown(element('text 1'), { key: 'Tab', shiftKey: true });
    expect(focused()).toBe('number 0');
    fireEvent.keyDown(element('number 0'), { key: 'Enter' });
    expect(focused()).toBe('number 1');
    fireEvent.keyDown(element('number 1'), { key: 'ArrowUp' });
    expect(focused()).toBe('number 0');
    fireEvent.keyDown(element('number 0'), { key: 'ArrowDown' });
    expect(focused()).toBe('number 1');
  });

  it('leaves the arrows to selects, which use them to pick a value', () => {
    render(<Grid />);
    element('select 0').focus();
    const event = fireEvent.keyDown(element('select 0'), { key: 'ArrowDown' });
    expect(event).toBe(true);
    expect(focused()).toBe('select 0');
  });

  it('asks onEnterAtEnd in the last row and otherwise moves on to the next cell of the row', () => {
    const onEnterAtEnd = vi.fn((_row: number, col: number) => col === 2);
    render(<Grid onEnterAtEnd={onEnterAtEnd} />);
    element('text 1').focus();
    fireEvent.keyDown(element('text 1'), { key: 'Enter' });
    expect(onEnterAtEnd).toHaveBeenLastCalledWith(1, 0, false);
    expect(focused()).toBe('select 1');
    element('number 1').focus();
    fireEvent.keyDown(element('number 1'), { key: 'Enter' });
    expect(onEnterAtEnd).toHaveBeenLastCalledWith(1, 2, true);
    expect(focused()).toBe('number 1');
  });

  it('selects the content of a focused input so typing replaces it', () => {
    render(<Grid />);
    const input = element('text 0') as HTMLInputElement;
    fireEvent.focus(input);
    input.focus();
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe('room 0'.length);
  });
});
