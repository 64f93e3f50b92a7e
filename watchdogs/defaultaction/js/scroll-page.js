(function (dx, dy) {
  if (dx === 0 && dy === 0) dy = Math.round(window.innerHeight * 0.8);
  const bx = window.scrollX, by = window.scrollY;
  window.scrollBy({left: dx, top: dy, behavior: 'instant'});
  return { x: window.scrollX, y: window.scrollY, moved: window.scrollX !== bx || window.scrollY !== by, scrolled: 'page' };
})