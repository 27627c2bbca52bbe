/** The part of react-grid-layout 1.5 we use (the package ships Flow types only). */
declare module 'react-grid-layout' {
  import type { ComponentType, ReactNode } from 'react';
  export interface Layout { i: string; x: number; y: number; w: number; h: number; minW?: number; minH?: number; maxH?: number; maxW?: number; static?: boolean }
  export interface ReactGridLayoutProps {
    className?: string;
    layout: Layout[];
    cols?: number;
    rowHeight?: number;
    width?: number;
    margin?: [number, number];
    draggableHandle?: string;
    draggableCancel?: string;
    isDraggable?: boolean;
    isResizable?: boolean;
    compactType?: 'vertical' | 'horizontal' | null;
    onLayoutChange?(layout: Layout[]): void;
    onDragStop?(layout: Layout[]): void;
    onResizeStop?(layout: Layout[]): void;
    children?: ReactNode;
  }
  const ReactGridLayout: ComponentType<ReactGridLayoutProps>;
  export default ReactGridLayout;
  export function WidthProvider<P>(c: ComponentType<P>): ComponentType<Omit<P, 'width'> & { measureBeforeMount?: boolean }>;
}
