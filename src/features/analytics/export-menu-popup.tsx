import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Description from '@mui/icons-material/Description';
import TableChart from '@mui/icons-material/TableChart';
import type { ExportKind } from './analytics-actions';
import { analyticsTexts } from './analytics-texts';

export interface ExportMenuPopupProps {
  id: string;
  buttonId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  onChoose: (kind: ExportKind) => void;
}

/** Export's two choices (analytics-actions.tsx), fetched the first time the menu opens. */
export default function ExportMenuPopup({
  id,
  buttonId,
  anchor,
  onClose,
  onChoose: choose,
}: ExportMenuPopupProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': buttonId } }}
    >
      <MenuItem onClick={() => choose('report')}>
        <ListItemIcon>
          <Description fontSize="small" aria-hidden />
        </ListItemIcon>
        <ListItemText>{analyticsTexts.textReport}</ListItemText>
      </MenuItem>
      <MenuItem onClick={() => choose('csv')}>
        <ListItemIcon>
          <TableChart fontSize="small" aria-hidden />
        </ListItemIcon>
        <ListItemText>{analyticsTexts.postsCsv}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
