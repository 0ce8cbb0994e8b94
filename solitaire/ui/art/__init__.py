"""What the screens draw with: card art, the theme, widgets, the face cache."""
