import { shareOf } from './chart-geometry';

export interface HeatCell {
  value: number;
  /** The cell's accessible name and tooltip: "Tue 9:00–10:00: 12 orders, $184.00". */
  name: string;
}

interface HeatMapProps {
  /** The rows' names (Mon..Sun) and the columns' (0..23), the grid `cells[row][column]`. */
  rows: readonly string[];
  columns: readonly string[];
  cells: readonly (readonly HeatCell[])[];
  ariaLabel: string;
  /** Called with a cell chosen; cells with a value are then buttons. */
  onSelect?: (row: number, column: number) => void;
}

/**
 * A grid of cells shaded by their share of the largest value (rows × columns, such as weekday × hour).
 * It keeps a readable cell size: on a narrow screen it scrolls sideways inside its container.
 */
export function HeatMap({ rows, columns, cells, ariaLabel, onSelect }: HeatMapProps) {
  const max = Math.max(0, ...cells.flat().map((cell) => cell.value));
  const template = { gridTemplateColumns: `2.75rem repeat(${columns.length}, minmax(1.5rem, 1fr))` };
  return (
    <div className="w-full overflow-x-auto pb-1">
      {/* biome-ignore lint/a11y/useSemanticElements: a grid of cells, not a form's fieldset */}
      <div role="group" aria-label={ariaLabel} className="grid min-w-[40rem] gap-0.5" style={template}>
        <span aria-hidden="true" />
        {columns.map((column, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are positional.
            key={index}
            aria-hidden="true"
            className="text-center text-[0.6875rem] text-neutral-600 tabular-nums"
          >
            {index % 3 === 0 ? column : ''}
          </span>
        ))}
        {rows.map((row, rowIndex) => (
          <div key={row} className="contents">
            <span
              aria-hidden="true"
              className="sticky left-0 self-center bg-white pr-1 text-xs text-neutral-700"
            >
              {row}
            </span>
            {columns.map((_, columnIndex) => {
              const cell = cells[rowIndex]?.[columnIndex] ?? { value: 0, name: '' };
              const share = shareOf(cell.value, max);
              const style = {
                backgroundColor:
                  cell.value > 0 ? `rgb(217 119 6 / ${(0.15 + share * 0.85).toFixed(2)})` : undefined,
              };
              const key = `${rowIndex}-${columnIndex}`;
              if (onSelect && cell.value > 0) {
                return (
                  <button
                    key={key}
                    type="button"
                    aria-label={cell.name}
                    title={cell.name}
                    onClick={() => onSelect(rowIndex, columnIndex)}
                    className="h-7 rounded-sm hover:ring-2 hover:ring-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-neutral-950"
                    style={style}
                    data-cell={key}
                  />
                );
              }
              return (
                <span
                  key={key}
                  title={cell.value > 0 ? cell.name : undefined}
                  className="h-7 rounded-sm bg-neutral-100"
                  style={style}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
