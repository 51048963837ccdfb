import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { analyticsTexts } from './analytics-texts';

export interface DataTableProps {
  caption: string;
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly string[] }[];
}

/** A chart's numbers as a table: what a screen reader (or anyone who prefers figures) reads. */
export function DataTable({ caption, columns, rows }: DataTableProps) {
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            {columns.map((column, i) => (
              <TableCell key={column} align={i === 0 ? 'left' : 'right'}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <TableCell key={i} component="th" scope="row">
                    {cell}
                  </TableCell>
                ) : (
                  <TableCell key={i} align="right">
                    {cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export interface ChartPanelProps {
  title: string;
  subtitle?: string;
  /** True when the period has nothing to draw. */
  empty?: boolean;
  chart: ReactNode;
  table: ReactNode;
}

/** A chart in a titled card, with a switch that shows the same numbers as a table. */
export function ChartPanel({ title, subtitle, empty = false, chart, table }: ChartPanelProps) {
  const [asTable, setAsTable] = useState(false);
  return (
    <SectionCard
      title={title}
      subtitle={subtitle}
      sx={{ minWidth: 0 }}
      action={
        <FormControlLabel
          sx={{ mr: 0, flexShrink: 0 }}
          control={
            <Switch size="small" checked={asTable} onChange={(e) => setAsTable(e.target.checked)} />
          }
          label={<Typography variant="body2">{analyticsTexts.showAsTable}</Typography>}
        />
      }
    >
      {empty ? (
        <Typography color="text.secondary">{analyticsTexts.noData}</Typography>
      ) : asTable ? (
        table
      ) : (
        // Charts size themselves to this box; minWidth 0 lets it shrink inside a grid on a phone.
        <Box sx={{ width: '100%', minWidth: 0 }}>{chart}</Box>
      )}
    </SectionCard>
  );
}
