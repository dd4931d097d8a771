"""武将隊戦棋 成る! (Naru): a 2-player castle-siege card game on a 3 x 4 grid."""
