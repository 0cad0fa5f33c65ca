import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArchitectureIcon from '@mui/icons-material/Architecture';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FolderIcon from '@mui/icons-material/Folder';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import ViewStreamIcon from '@mui/icons-material/ViewStream';
import type { SvgIconComponent } from '@mui/icons-material';
import type { UnitType } from '../../../domain/projectUnits';

/** Icon and hero colour per unit type (create tiles, edit dialog banner, grid tiles). */
export const UNIT_LOOK: Record<UnitType, { icon: SvgIconComponent; color: string }> = {
  project: { icon: ApartmentIcon, color: '#1f3a5f' },
  subproject: { icon: AccountTreeIcon, color: '#2f6f5e' },
  approvallot: { icon: FactCheckIcon, color: '#6a4c93' },
  aacorderlot: { icon: ViewModuleIcon, color: '#1565c0' },
  lintelorderlot: { icon: ViewStreamIcon, color: '#ef6c00' },
  drawingjob: { icon: ArchitectureIcon, color: '#00838f' },
  folder: { icon: FolderIcon, color: '#795548' },
};

export const unitTypeKey = (type: UnitType) => `PROJECTUNIT.Type.${type}`;
/** State labels live under STATES.<stateKey>; an unknown key shows as it is. */
export const stateKey = (state: string) => `STATES.${state}`;
