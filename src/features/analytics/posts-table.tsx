import { useState } from 'react';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { AnalyticsFormat } from './analytics-format';
import { analyticsTexts, postTexts } from './analytics-texts';
import type { PostRow } from './types';

export type PostSortKey = 'content' | 'platform' | 'engagementRate' | 'reach' | 'interactions';
type Direction = 'asc' | 'desc';

const COLUMNS: readonly { key: PostSortKey; label: string; numeric: boolean }[] = [
  { key: 'content', label: postTexts.post, numeric: false },
  { key: 'platform', label: postTexts.platform, numeric: false },
  { key: 'engagementRate', label: postTexts.engagementRate, numeric: true },
  { key: 'reach', label: postTexts.reach, numeric: true },
  { key: 'interactions', label: postTexts.interactions, numeric: true },
];

export const ROWS_PER_PAGE = [5, 10, 25] as const;

/** Sorts a copy; unknown numbers go last whichever the direction, ties keep the given order. */
export function sortPosts(rows: readonly PostRow[], key: PostSortKey, direction: Direction) {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = a.row[key];
      const y = b.row[key];
      if (x === null || y === null) {
        if (x === y) return a.index - b.index;
        return x === null ? 1 : -1;
      }
      const order =
        typeof x === 'number' && typeof y === 'number'
          ? x - y
          : String(x).localeCompare(String(y), undefined, { sensitivity: 'base' });
      return order === 0 ? a.index - b.index : order * sign;
    })
    .map(({ row }) => row);
}

/** The first line of a post, short enough for a table cell. */
function excerpt(content: string) {
  const line = content.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

export function PostsTable({
  rows,
  caption,
  fmt,
  onDetails,
}: {
  rows: readonly PostRow[];
  caption: string;
  fmt: AnalyticsFormat;
  onDetails: (row: PostRow) => void;
}) {
  // null: the order the rows came in (engagement rate, highest first).
  const [sort, setSort] = useState<{ key: PostSortKey; direction: Direction } | null>(null);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(ROWS_PER_PAGE[0]);
  if (rows.length === 0) {
    return <Typography color="text.secondary">{analyticsTexts.noPosts}</Typography>;
  }
  const sorted = sort ? sortPosts(rows, sort.key, sort.direction) : rows;
  const lastPage = Math.max(0, Math.ceil(rows.length / perPage) - 1);
  const shownPage = Math.min(page, lastPage);
  const pageRows = sorted.slice(shownPage * perPage, shownPage * perPage + perPage);

  const sortBy = (key: PostSortKey, numeric: boolean) => {
    setPage(0);
    setSort((current) =>
      current?.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : // Numbers read best highest first, words from A.
          { key, direction: numeric ? 'desc' : 'asc' },
    );
  };

  return (
    <>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto', position: 'relative' }}>
        <Table size="small" aria-label={caption} sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.numeric ? 'right' : 'left'}
                  sortDirection={sort?.key === column.key ? sort.direction : false}
                >
                  <TableSortLabel
                    active={sort?.key === column.key}
                    direction={sort?.key === column.key ? sort.direction : 'asc'}
                    onClick={() => sortBy(column.key, column.numeric)}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              ))}
              <TableCell>
                <Typography variant="inherit" component="span" sx={visuallyHiddenSx}>
                  {analyticsTexts.viewDetails}
                </Typography>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((row) => (
              <TableRow key={row.id}>
                <TableCell component="th" scope="row" sx={{ maxWidth: 280 }}>
                  <Typography variant="body2" noWrap title={row.content}>
                    {excerpt(row.content)}
                  </Typography>
                </TableCell>
                <TableCell>{fmt.platform(row.platform)}</TableCell>
                <TableCell align="right">{fmt.rate(row.engagementRate)}</TableCell>
                <TableCell align="right">{fmt.count(row.reach)}</TableCell>
                <TableCell align="right">{fmt.count(row.interactions)}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => onDetails(row)} sx={{ whiteSpace: 'nowrap' }}>
                    {analyticsTexts.viewDetails}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > ROWS_PER_PAGE[0] && (
        <TablePagination
          component="div"
          count={rows.length}
          page={shownPage}
          rowsPerPage={perPage}
          rowsPerPageOptions={[...ROWS_PER_PAGE]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
          // On a phone the page size, the range and the arrows take two lines instead of overflowing.
          sx={{
            '& .MuiTablePagination-toolbar': {
              flexWrap: 'wrap',
              justifyContent: 'flex-end',
              px: 0,
              rowGap: 0,
            },
          }}
        />
      )}
    </>
  );
}

// Sized in px: a bare 1 in sx means 100 %. The table's container is its containing block, so it
// scrolls and clips with the table instead of reaching past the screen.
const visuallyHiddenSx = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
