/* Routes of this area are added here. */
export {}
