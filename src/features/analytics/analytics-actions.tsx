import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import FileDownload from '@mui/icons-material/FileDownload';
import Refresh from '@mui/icons-material/Refresh';
import { analyticsTexts } from './analytics-texts';
import { ExportMenuPopup } from './analytics-parts';
import { REFRESH_TEXTS } from './use-refresh-metrics';

export type ExportKind = 'report' | 'csv';

export function ExportMenu({ onExport }: { onExport: (kind: ExportKind) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const choose = (kind: ExportKind) => {
    setAnchor(null);
    onExport(kind);
  };
  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        startIcon={<FileDownload aria-hidden />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        onPointerEnter={ExportMenuPopup.preload}
        onFocus={ExportMenuPopup.preload}
      >
        {analyticsTexts.export}
      </Button>
      <ExportMenuPopup
        id={menuId}
        buttonId={buttonId}
        anchor={anchor}
        onClose={() => setAnchor(null)}
        onChoose={choose}
      />
    </>
  );
}

export interface RefreshState {
  running: boolean;
  progress: { done: number; total: number } | null;
}

/** Refresh, with the reason it is off while offline. */
export function RefreshButton({
  online,
  running,
  onRefresh,
}: {
  online: boolean;
  running: boolean;
  onRefresh: () => void;
}) {
  const reasonId = useId();
  return (
    <Box sx={{ display: 'contents' }}>
      <Button
        variant="contained"
        startIcon={<Refresh aria-hidden />}
        onClick={onRefresh}
        disabled={!online || running}
        loading={running}
        loadingPosition="start"
        aria-describedby={online ? undefined : reasonId}
      >
        {analyticsTexts.refresh}
      </Button>
      {!online && (
        <Typography
          id={reasonId}
          variant="body2"
          color="text.secondary"
          sx={{ flexBasis: '100%', textAlign: { sm: 'right' } }}
        >
          {REFRESH_TEXTS.offline}
        </Typography>
      )}
    </Box>
  );
}

/** The progress of a refresh: how many of the user's accounts have been collected. */
export function RefreshProgress({ progress }: { progress: RefreshState['progress'] }) {
  const text = progress ? analyticsTexts.collecting(progress.done, progress.total) : null;
  const value =
    progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : null;
  return (
    <Box role="status" sx={{ my: 2 }}>
      <LinearProgress
        variant={value === null ? 'indeterminate' : 'determinate'}
        value={value ?? undefined}
        aria-label={text ?? analyticsTexts.refresh}
      />
      {text && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {text}
        </Typography>
      )}
    </Box>
  );
}
