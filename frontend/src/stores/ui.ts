/** Small UI state shared across the layout: menus and the search box. */
import { create } from 'zustand';

interface UiState {
  mobileMenuOpen: boolean;
  searchOpen: boolean;
  setMobileMenuOpen: (open: boolean) => void;
  setSearchOpen: (open: boolean) => void;
  closeAll: () => void;
}

const initialUiState = { mobileMenuOpen: false, searchOpen: false };

export const useUi = create<UiState>()((set) => ({
  ...initialUiState,
  setMobileMenuOpen: (mobileMenuOpen) => set({ mobileMenuOpen }),
  setSearchOpen: (searchOpen) => set({ searchOpen }),
  closeAll: () => set({ ...initialUiState }),
}));

export function resetUiStore() {
  useUi.setState({ ...initialUiState });
}
